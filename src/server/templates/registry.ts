/**
 * The template registry: every `*.json` of TEMPLATES_DIR, loaded once at start-up with the core
 * loader. A broken file is logged with its precise error and left out; the others are served.
 * Templates are kept by (id, version) so calculations that reference an older version can still
 * be resolved once versioned templates exist; today only the files' current versions are known.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  formatTemplateLoadError,
  loadTemplates,
  type FactorCatalog,
  type Template,
  type TemplateFile,
  type TemplateLoadError,
} from '../../core/template';
import type { DatabaseSchema } from '../db/schema';

export interface TemplateRegistry {
  /** Current templates, sorted by id. */
  list(): readonly Template[];
  /** The current version of a template. */
  current(id: string): Template | undefined;
  /** A specific version, current or older; undefined when the server no longer knows it. */
  resolve(id: string, version: number): Template | undefined;
  /** Faults of the files that were not loaded, formatted as `file.json: /pointer: message`. */
  readonly errors: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The templates loaded at start-up (set by registerResources). */
    templates: TemplateRegistry;
  }
}

export function createTemplateRegistry(templates: readonly Template[], errors: readonly string[] = []): TemplateRegistry {
  const currentById = new Map<string, Template>();
  const versions = new Map<string, Template>();
  for (const template of templates) {
    currentById.set(template.id, template);
    versions.set(`${template.id}@${template.version}`, template);
  }
  const sorted = [...currentById.values()].sort((a, b) => a.id.localeCompare(b.id));
  return {
    list: () => sorted,
    current: (id) => currentById.get(id),
    resolve: (id, version) => versions.get(`${id}@${version}`),
    errors,
  };
}

/** Reads the folder's `*.json` files; unreadable files and a missing folder become load errors. */
export function readTemplateFiles(dir: string): { files: TemplateFile[]; errors: TemplateLoadError[] } {
  const files: TemplateFile[] = [];
  const errors: TemplateLoadError[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => name.toLowerCase().endsWith('.json'));
  } catch (problem) {
    const reason = problem instanceof Error ? problem.message : String(problem);
    return { files, errors: [{ fileName: dir, pointer: '', message: `cannot read the templates folder: ${reason}` }] };
  }
  for (const fileName of names.sort()) {
    try {
      files.push({ fileName, text: fs.readFileSync(path.join(dir, fileName), 'utf8') });
    } catch (problem) {
      const reason = problem instanceof Error ? problem.message : String(problem);
      errors.push({ fileName, pointer: '', message: `cannot read the file: ${reason}` });
    }
  }
  return { files, errors };
}

/**
 * Which factor keys exist in which category, over every factor database, so the loader can
 * check `factor()` keys and factor fields' categories. Undefined while no factors exist (an
 * empty database must not make every template with a factor field "broken").
 */
export async function loadFactorCatalog(db: Kysely<DatabaseSchema>): Promise<FactorCatalog | undefined> {
  const rows = await db.selectFrom('factors').select(['category', 'key']).distinct().execute();
  if (rows.length === 0) return undefined;
  const categories: Record<string, string[]> = {};
  for (const { category, key } of rows) (categories[category] ??= []).push(key);
  return { categories };
}

/** Loads TEMPLATES_DIR; never throws: every fault is logged and the valid templates are served. */
export async function loadTemplateRegistry(dir: string, db: Kysely<DatabaseSchema>, log: FastifyBaseLogger): Promise<TemplateRegistry> {
  const read = readTemplateFiles(dir);
  let catalog: FactorCatalog | undefined;
  try {
    catalog = await loadFactorCatalog(db);
  } catch (problem) {
    log.warn({ err: problem }, 'templates: factor catalogue unavailable; factor keys are not checked at load time');
  }
  const loaded = loadTemplates(read.files, catalog);
  const errors = [...read.errors, ...loaded.errors].map(formatTemplateLoadError);
  for (const message of errors) log.error(`template not loaded: ${message}`);
  log.info(
    { templates: loaded.templates.map((t) => `${t.id}@${t.version}`), dir },
    `templates: ${loaded.templates.length} loaded, ${read.files.length - loaded.templates.length + read.errors.length} rejected`,
  );
  return createTemplateRegistry(loaded.templates, errors);
}
