/**
 * The template registry: the shipped `*.json` files of TEMPLATES_DIR (loaded once at start-up with
 * the core loader; a broken file is logged with its precise error and left out) merged with the
 * versions provider admins created in the app (table `template_versions`). App versions are read
 * from the database on demand: `refresh()` runs one cheap fingerprint query and reloads only when
 * another request or another process changed something, so several processes stay in step.
 * Templates are kept by (id, version) so calculations keep resolving the version they were made with.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TemplateSource, TemplateVersionStatus } from '../../core/api';
import {
  checkerText,
  formatTemplateLoadError,
  loadTemplates,
  type FactorCatalog,
  type Template,
  type TemplateFile,
  type TemplateLoadError,
  type UnitCatalog,
} from '../../core/template';
import type { DatabaseSchema } from '../db/schema';
import { loadUnitCatalog } from '../units/catalog';
import { readStoredVersions, versionKey, versionsFingerprint, type StoredTemplateVersion } from './versions-table';

/** One known version of a template, shipped or app-created. */
export interface TemplateVersionEntry {
  template: Template;
  source: TemplateSource;
  status: TemplateVersionStatus;
  createdBy: number | null;
  createdAt: string | null;
  publishedAt: string | null;
}

export interface TemplateRegistry {
  /** Current (newest published) templates, sorted by id. */
  list(): readonly Template[];
  /** The newest published version of a template. */
  current(id: string): Template | undefined;
  /** A specific version (published or draft); undefined when the server does not know it. */
  resolve(id: string, version: number): Template | undefined;
  /** Faults of the files that were not loaded, formatted as `file.json: /pointer: message`. */
  readonly errors: readonly string[];
  /** The same faults as data, for `GET /api/template-load-errors`. */
  readonly loadErrors: readonly TemplateLoadError[];
  /** Every version of one template, newest first (drafts included). */
  versions(id: string): readonly TemplateVersionEntry[];
  /** Ids of every template with at least one version (drafts included), sorted. */
  ids(): readonly string[];
  /** True when the id belongs to a shipped file (those cannot be changed in the app). */
  isShipped(id: string): boolean;
  /**
   * Re-reads app-created versions if the table changed since the last look (one cheap query otherwise).
   * Concurrent callers share one look; `afterWrite` starts a look of its own, so it sees a write just committed.
   */
  refresh(options?: { afterWrite?: boolean }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The templates: shipped files and app-created versions (set by the template registry plugin, templates/plugin.ts). */
    templates: TemplateRegistry;
  }
}

function fileEntry(template: Template): TemplateVersionEntry {
  return { template, source: 'file', status: 'published', createdBy: null, createdAt: null, publishedAt: null };
}

function appEntry(stored: StoredTemplateVersion): TemplateVersionEntry {
  return {
    template: stored.template,
    source: 'app',
    status: stored.status,
    createdBy: stored.createdBy,
    createdAt: stored.createdAt,
    publishedAt: stored.publishedAt,
  };
}

interface Snapshot {
  byId: Map<string, TemplateVersionEntry[]>;
  versions: Map<string, TemplateVersionEntry>;
  current: Map<string, Template>;
  sorted: Template[];
  ids: string[];
}

function buildSnapshot(shipped: readonly Template[], stored: readonly StoredTemplateVersion[]): Snapshot {
  const shippedIds = new Set(shipped.map((t) => t.id));
  // A stored row can never shadow a shipped id (saving refuses it); skip one that slipped in.
  const entries = [...shipped.map(fileEntry), ...stored.filter((s) => !shippedIds.has(s.template.id)).map(appEntry)];
  const byId = new Map<string, TemplateVersionEntry[]>();
  const versions = new Map<string, TemplateVersionEntry>();
  for (const entry of entries) {
    (byId.get(entry.template.id) ?? byId.set(entry.template.id, []).get(entry.template.id)!).push(entry);
    versions.set(versionKey(entry.template.id, entry.template.version), entry);
  }
  const current = new Map<string, Template>();
  for (const [id, list] of byId) {
    list.sort((a, b) => b.template.version - a.template.version);
    const published = list.find((entry) => entry.status === 'published');
    if (published) current.set(id, published.template);
  }
  const sorted = [...current.values()].sort((a, b) => a.id.localeCompare(b.id));
  return { byId, versions, current, sorted, ids: [...byId.keys()].sort((a, b) => a.localeCompare(b)) };
}

/**
 * A registry over the shipped templates; with `db` it also serves the app-created versions
 * (call `refresh()` before reading; the app does so for every API request).
 */
export function createTemplateRegistry(
  templates: readonly Template[],
  loadErrors: readonly TemplateLoadError[] = [],
  db?: Kysely<DatabaseSchema>,
  log?: FastifyBaseLogger,
): TemplateRegistry {
  const shippedIds = new Set(templates.map((t) => t.id));
  let snapshot = buildSnapshot(templates, []);
  let fingerprint: string | null = null;
  let pending: Promise<void> | null = null;

  async function reload(): Promise<void> {
    if (!db) return;
    try {
      const seen = await versionsFingerprint(db);
      if (seen === fingerprint) return;
      const stored = await readStoredVersions(db);
      snapshot = buildSnapshot(templates, stored);
      fingerprint = seen;
    } catch (problem) {
      // Keep serving the last known state; the next request tries again.
      log?.warn({ err: problem }, 'templates: app-created versions could not be read');
    }
  }

  return {
    list: () => snapshot.sorted,
    current: (id) => snapshot.current.get(id),
    resolve: (id, version) => snapshot.versions.get(versionKey(id, version))?.template,
    errors: loadErrors.map(formatTemplateLoadError),
    loadErrors,
    versions: (id) => snapshot.byId.get(id) ?? [],
    ids: () => snapshot.ids,
    isShipped: (id) => shippedIds.has(id),
    refresh: async (options) => {
      if (options?.afterWrite && pending) await pending;
      pending ??= reload().finally(() => {
        pending = null;
      });
      return pending;
    },
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
    return {
      files,
      errors: [{ fileName: dir, pointer: '', ...checkerText('checker.files.folderUnreadable', { detail: reason }) }],
    };
  }
  for (const fileName of names.sort()) {
    try {
      files.push({ fileName, text: fs.readFileSync(path.join(dir, fileName), 'utf8') });
    } catch (problem) {
      const reason = problem instanceof Error ? problem.message : String(problem);
      errors.push({ fileName, pointer: '', ...checkerText('checker.files.fileUnreadable', { detail: reason }) });
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
  // Null prototype: categories are tenant data; `constructor` or `__proto__` must be ordinary entries, not inherited members.
  const categories: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const { category, key } of rows) (categories[category] ??= []).push(key);
  return { categories };
}

/** Loads TEMPLATES_DIR and the app-created versions; never throws: every fault is logged and the valid templates are served. */
export async function loadTemplateRegistry(
  dir: string,
  db: Kysely<DatabaseSchema>,
  log: FastifyBaseLogger,
): Promise<TemplateRegistry> {
  const read = readTemplateFiles(dir);
  let catalog: FactorCatalog | undefined;
  try {
    catalog = await loadFactorCatalog(db);
  } catch (problem) {
    log.warn({ err: problem }, 'templates: factor catalogue unavailable; factor keys are not checked at load time');
  }
  let units: UnitCatalog | undefined;
  try {
    units = await loadUnitCatalog(db);
  } catch (problem) {
    log.warn({ err: problem }, 'templates: unit catalogue unavailable; units are not checked at load time');
  }
  const loaded = loadTemplates(read.files, catalog, units);
  const errors = [...read.errors, ...loaded.errors];
  for (const error of errors) log.error(`template not loaded: ${formatTemplateLoadError(error)}`);
  log.info(
    { templates: loaded.templates.map((t) => `${t.id}@${t.version}`), dir },
    `templates: ${loaded.templates.length} loaded, ${read.files.length - loaded.templates.length + read.errors.length} rejected`,
  );
  const registry = createTemplateRegistry(loaded.templates, errors, db, log);
  await registry.refresh();
  return registry;
}
