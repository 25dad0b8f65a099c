/**
 * The preview of a factor migration: every affected calculation recomputed with the target
 * database, nothing written to calculations. Calculations are read in id order, one page at a
 * time, so a mandant with 100,000 calculations does not sit in memory at once.
 */
import { sql, type Kysely } from 'kysely';
import type { CalculationResults, FactorMigrationSummary } from '../../core/api';
import { CalculationError, computeResults } from '../../core/formula';
import type { CalculationInputs } from '../../core/template';
import type { DatabaseSchema } from '../db/schema';
import { parseJson, toBoolean } from '../db/values';
import type { DbBoolean, DbJson } from '../db/schema';
import type { FactorSet } from '../factors/factor-set';
import type { TemplateRegistry } from '../templates/registry';
import './tables';

export const PAGE = 1000;
/** Rows per multi-row insert (well under SQLite's and PostgreSQL's parameter limits). */
const INSERT_CHUNK = 200;

/** The fields a migration changes, as they were before: rollback writes exactly these back. */
export interface CalculationSnapshot {
  database_id: number;
  results: unknown;
  total_co2e: number;
  version: number;
  updated_at: string;
  updated_by: number | null;
}

export interface CalculationSelection {
  mandantId: number;
  toDatabaseId: number;
  fromDatabaseId: number | null;
  calculationIds: number[] | null;
}

const percentOf = (before: number, after: number) => (before === 0 ? null : ((after - before) / Math.abs(before)) * 100);

/**
 * The results of one calculation with `factors`, or why it cannot be migrated. The stored inputs
 * were validated when saved and a migration does not change them, so only the formulas run here
 * (Ajv validation would triple the cost at 100,000 calculations); a factor key the target lacks
 * fails the formula and excludes the calculation. Results have evaluateCalculation's shape.
 */
export function recompute(
  templates: TemplateRegistry,
  row: { template_id: string; template_version: number; inputs: DbJson },
  factors: FactorSet,
): { results: CalculationResults; total: number } | { reason: string } {
  const template = templates.resolve(row.template_id, row.template_version);
  if (!template) return { reason: `invalid: template ${row.template_id} version ${row.template_version} is not available` };
  try {
    const computed = computeResults(template, parseJson<CalculationInputs>(row.inputs, {}), factors.lookup);
    return {
      total: computed.primary,
      results: {
        values: computed.results,
        primary: computed.primaryName,
        breakdown: computed.breakdown,
        factors: computed.factors,
        database: { id: factors.database.id, name: factors.database.name, version_label: factors.database.version_label },
      },
    };
  } catch (problem) {
    if (problem instanceof CalculationError) return { reason: `invalid: ${problem.message}` };
    throw problem;
  }
}

/** Computes and stores the items of migration `migrationId`; answers the summary. Run inside the preview's transaction. */
export async function previewItems(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  migrationId: number,
  selection: CalculationSelection,
  factors: FactorSet,
): Promise<FactorMigrationSummary> {
  const summary: FactorMigrationSummary = { count: 0, excluded: 0, total_before: 0, total_after: 0, difference: 0, percent: null };
  let lastId = 0;
  for (;;) {
    let query = db
      .selectFrom('calculations')
      .select(['id', 'number', 'title', 'template_id', 'template_version', 'database_id', 'inputs', 'results', 'total_co2e', 'version', 'updated_at', 'updated_by', 'frozen'])
      .where('mandant_id', '=', selection.mandantId)
      .where('database_id', '!=', selection.toDatabaseId)
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(PAGE);
    if (selection.fromDatabaseId !== null) query = query.where('database_id', '=', selection.fromDatabaseId);
    if (selection.calculationIds !== null) {
      query = selection.calculationIds.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('id', 'in', selection.calculationIds);
    }
    const rows = await query.execute();
    if (rows.length === 0) break;
    lastId = rows[rows.length - 1]!.id;

    const items = rows.map((row) => {
      const before: CalculationSnapshot = {
        database_id: row.database_id,
        results: parseJson(row.results, {}),
        total_co2e: Number(row.total_co2e),
        version: Number(row.version),
        updated_at: row.updated_at,
        updated_by: row.updated_by === null ? null : Number(row.updated_by),
      };
      const outcome = toBoolean(row.frozen as DbBoolean) ? { reason: 'frozen' } : recompute(templates, row, factors);
      const after = 'total' in outcome ? outcome.total : null;
      if (after === null) summary.excluded++;
      else {
        summary.count++;
        summary.total_before += before.total_co2e;
        summary.total_after += after;
      }
      return {
        migration_id: migrationId,
        mandant_id: selection.mandantId,
        calculation_id: row.id,
        number: row.number,
        title: row.title,
        template_id: row.template_id,
        before: JSON.stringify(before),
        before_version: before.version,
        total_before: before.total_co2e,
        total_after: after,
        difference: after === null ? null : after - before.total_co2e,
        percent: after === null ? null : percentOf(before.total_co2e, after),
        after_version: null,
        excluded: 'reason' in outcome ? outcome.reason : null,
      };
    });
    for (let start = 0; start < items.length; start += INSERT_CHUNK) {
      await db.insertInto('factor_migration_items').values(items.slice(start, start + INSERT_CHUNK)).execute();
    }
  }
  summary.difference = summary.total_after - summary.total_before;
  summary.percent = percentOf(summary.total_before, summary.total_after);
  return summary;
}
