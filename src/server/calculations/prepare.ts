/**
 * Turning a request into the stored columns of a calculation: resolve the template version and
 * the factor database, validate and compute, and copy the template's `title`/`tags` fields
 * into their columns. Used by the routes, the demo seed and the benchmark alike.
 */
import type { Kysely } from 'kysely';
import type { CalculationResults } from '../../core/api';
import type { Language } from '../../core/languages';
import { storedResultsWriter, type StoredResultsWriter } from '../../core/formula';
import { localize } from '../../core/rules';
import { getCompiledTemplate, type CalculationInputs, type Template } from '../../core/template';
import type { DatabaseSchema } from '../db/schema';
import {
  defaultDatabaseId,
  findDatabaseFor,
  immutableFactorSet,
  loadFactorSet,
  type FactorSet,
} from '../factors/factor-set';
import { badRequest } from '../refusals';
import type { ProductionSet } from '../machines/production';
import type { TemplateRegistry } from '../templates/registry';
import { evaluateCalculation } from './evaluate';
import { calculationMessage } from './messages';

/** The columns a (re)computation sets. */
export interface ComputedColumns {
  template_id: string;
  template_version: number;
  template_type: string;
  database_id: number;
  /** The machine set whose figures the results read, or null. */
  machine_set_id: number | null;
  inputs: string;
  /** StoredResults as JSON (see core/formula/stored-results). */
  results: string;
  total_co2e: number;
  /** Set when the template has a `title` / `tags` field. */
  title?: string;
  tags?: string;
  /** For callers that need the parsed values. */
  computed: { inputs: CalculationInputs; results: CalculationResults };
}

/**
 * The template a calculation is computed with: a given version must still exist; without one, the current version.
 * A draft version (template editor) counts only for those allowed to try drafts (provider admins) and for a
 * calculation that already uses it; for everybody else it does not exist.
 */
export function resolveTemplate(
  templates: TemplateRegistry,
  id: string,
  version: number | undefined,
  options: { allowDraft?: boolean } = {},
): Template {
  if (version !== undefined) {
    const draft = templates
      .versions(id)
      .some((entry) => entry.template.version === version && entry.status !== 'published');
    const template = draft && !options.allowDraft ? undefined : templates.resolve(id, version);
    if (!template) {
      const gone = templates.current(id) ? 'templateVersionGone' : 'unknownTemplate';
      throw badRequest(calculationMessage(gone), { template_version: calculationMessage(gone) });
    }
    return template;
  }
  const template = templates.current(id);
  if (!template)
    throw badRequest(calculationMessage('unknownTemplate'), { template_id: calculationMessage('unknownTemplate') });
  return template;
}

/**
 * The factor database for a calculation of `mandantId`: the requested one (which must be
 * visible to the mandant and published) or, without a request, the mandant's default.
 * `keepId` is a calculation's current database: it stays usable even if no longer published.
 */
export async function resolveFactorSet(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
  requested: number | undefined,
  keepId?: number,
): Promise<FactorSet> {
  const unusable = () =>
    badRequest(calculationMessage('databaseUnusable'), { database_id: calculationMessage('databaseUnusable') });
  if (requested === undefined && keepId !== undefined) {
    const kept = await findDatabaseFor(db, mandantId, keepId);
    if (!kept) throw unusable();
    return loadFactorSet(db, kept);
  }
  const id = requested ?? (await defaultDatabaseId(db, mandantId));
  if (id === undefined)
    throw badRequest(calculationMessage('noDatabase'), { database_id: calculationMessage('noDatabase') });
  const database = await findDatabaseFor(db, mandantId, id);
  if (!database || (database.status !== 'published' && id !== keepId)) throw unusable();
  return loadFactorSet(db, database);
}

const topLevelNames = new WeakMap<Template, ReadonlySet<string>>();

function hasTopLevelField(template: Template, name: string): boolean {
  let names = topLevelNames.get(template);
  if (!names) {
    names = new Set(getCompiledTemplate(template).fields.map(({ field }) => field.name));
    topLevelNames.set(template, names);
  }
  return names.has(name);
}

// A writer per factor set: the stored JSON it shares between rows comes from that one load of the database.
const storedWriters = new WeakMap<FactorSet, StoredResultsWriter>();

function storedJson(factors: FactorSet, results: CalculationResults): string {
  let write = storedWriters.get(factors);
  if (!write) {
    write = storedResultsWriter();
    storedWriters.set(factors, write);
  }
  return write(results, immutableFactorSet(factors));
}

/** Validates and computes; answers the columns to store (a title left empty is the template's name in `lang`). Refuses as invalid with field faults. */
export function computeColumns(
  template: Template,
  inputs: unknown,
  factors: FactorSet,
  lang: Language,
  production?: ProductionSet,
): ComputedColumns {
  const evaluation = evaluateCalculation(template, inputs, factors, production);
  const columns: ComputedColumns = {
    template_id: template.id,
    template_version: template.version,
    template_type: template.type,
    database_id: factors.database.id,
    machine_set_id: evaluation.results.machine_set?.id ?? null,
    inputs: JSON.stringify(evaluation.inputs),
    // Stored compact: the breakdown's labels and formulas come back from the template version on read.
    results: storedJson(factors, evaluation.results),
    total_co2e: evaluation.total,
    computed: { inputs: evaluation.inputs, results: evaluation.results },
  };
  if (hasTopLevelField(template, 'title')) {
    const title = evaluation.inputs.title;
    columns.title =
      typeof title === 'string' && title.trim() !== '' ? title.trim() : localize(template.label, lang, template.id);
  }
  if (hasTopLevelField(template, 'tags')) {
    const tags = evaluation.inputs.tags;
    columns.tags = JSON.stringify(Array.isArray(tags) ? tags : []);
  }
  return columns;
}

/**
 * Puts a body's top-level `title`/`tags` into the inputs when the template has such fields:
 * filling gaps (`override` false: the inputs sent win) or replacing the stored values
 * (`override` true: a partial update such as react-admin's updateMany `{tags: […]}`).
 */
export function mergeTemplateFields(
  template: Template,
  inputs: unknown,
  title: unknown,
  tags: unknown,
  override = false,
): unknown {
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return inputs;
  const merged = { ...(inputs as Record<string, unknown>) };
  for (const [name, value] of [
    ['title', title],
    ['tags', tags],
  ] as const) {
    if (value === undefined || !hasTopLevelField(template, name)) continue;
    if (override || merged[name] === undefined) merged[name] = value;
  }
  return merged;
}
