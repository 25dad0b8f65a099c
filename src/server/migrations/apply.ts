/**
 * Applying and rolling back a previewed migration, each inside the caller's ONE transaction.
 * Calculations are updated in batches with a single `UPDATE … FROM (VALUES …)` per batch whose
 * WHERE demands the version the preview (or the apply) saw: if any calculation changed meanwhile
 * the batch updates fewer rows than it should, and the whole transaction is rolled back (409).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { dialectOf } from '../db/migrations/columns';
import { isoNow, parseJson } from '../db/values';
import type { FactorSet } from '../factors/factor-set';
import { conflict } from '../http/errors';
import type { TemplateRegistry } from '../templates/registry';
import { PAGE, recompute, type CalculationSnapshot } from './preview';
import './tables';

/** Rows per UPDATE statement. */
const BATCH = 250;

export const CHANGED_SINCE_PREVIEW =
  'Calculations of this migration were changed since the preview. Nothing was migrated; create a fresh preview.';
export const CHANGED_SINCE_APPLY = 'Calculations of this migration were changed after it was applied. Nothing was rolled back.';

type Cell = string | number | null;

/** `WITH v(columns) AS (VALUES …) UPDATE calculations SET … FROM v WHERE …`; the first column is the id. Answers the rows updated. */
async function updateFromValues(
  db: Kysely<DatabaseSchema>,
  columns: readonly string[],
  rows: Cell[][],
  set: (v: (column: string, type: 'integer' | 'json' | 'real' | 'text') => RawBuilder<unknown>) => RawBuilder<unknown>,
  where: (v: (column: string, type: 'integer' | 'json' | 'real' | 'text') => RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<number> {
  const postgres = dialectOf(db) === 'postgres';
  // VALUES parameters arrive untyped (text on PostgreSQL): cast each column where it is used.
  const ref = (column: string, type: 'integer' | 'json' | 'real' | 'text') => {
    const value = sql.ref(`v.${column}`);
    if (type === 'integer') return sql`cast(${value} as integer)`;
    if (type === 'real') return sql`cast(${value} as double precision)`;
    if (type === 'json') return postgres ? sql`cast(${value} as jsonb)` : sql`${value}`;
    return postgres ? sql`cast(${value} as text)` : sql`${value}`;
  };
  const values = sql.join(rows.map((row) => sql`(${sql.join(row.map((cell) => sql`${cell}`))})`));
  // The explicit id list lets both planners fetch the rows by primary key instead of joining a scan of the table.
  const ids = sql.join(rows.map((row) => sql`${Number(row[0])}`));
  const result = await sql`with v(${sql.join(columns.map((c) => sql.id(c)))}) as (values ${values})
    update calculations set ${set(ref)} from v where calculations.id in (${ids}) and ${where(ref)}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Recomputes every migrated calculation with `factors` and writes it; 409 if one changed since the preview. */
export async function applyItems(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  migrationId: number,
  mandantId: number,
  factors: FactorSet,
  userId: number,
): Promise<number> {
  const now = isoNow();
  let lastId = 0;
  let applied = 0;
  for (;;) {
    const rows = await db
      .selectFrom('factor_migration_items as i')
      .leftJoin('calculations as c', (join) => join.onRef('c.id', '=', 'i.calculation_id').on('c.mandant_id', '=', mandantId))
      .select(['i.id as item_id', 'i.calculation_id', 'i.before_version', 'c.version', 'c.template_id', 'c.template_version', 'c.inputs'])
      .where('i.migration_id', '=', migrationId)
      .where('i.excluded', 'is', null)
      .where('i.id', '>', lastId)
      .orderBy('i.id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    lastId = rows[rows.length - 1]!.item_id;
    const updates: Cell[][] = [];
    for (const row of rows) {
      if (row.version === null || Number(row.version) !== row.before_version || row.template_id === null || row.template_version === null || row.inputs === null) {
        throw conflict(CHANGED_SINCE_PREVIEW);
      }
      const outcome = recompute(templates, { template_id: row.template_id, template_version: row.template_version, inputs: row.inputs }, factors);
      if (!('total' in outcome)) throw conflict(CHANGED_SINCE_PREVIEW);
      updates.push([row.calculation_id, row.before_version, JSON.stringify(outcome.results), outcome.total]);
    }
    for (let start = 0; start < updates.length; start += BATCH) {
      const batch = updates.slice(start, start + BATCH);
      const count = await updateFromValues(
        db,
        ['id', 'seen_version', 'results', 'total'],
        batch,
        (v) => sql`database_id = ${factors.database.id}, results = ${v('results', 'json')}, total_co2e = ${v('total', 'real')},
          version = calculations.version + 1, updated_at = ${now}, updated_by = ${userId}`,
        (v) => sql`calculations.id = ${v('id', 'integer')} and calculations.version = ${v('seen_version', 'integer')}
          and calculations.mandant_id = ${mandantId} and not calculations.frozen`,
      );
      if (count !== batch.length) throw conflict(CHANGED_SINCE_PREVIEW);
      applied += count;
    }
  }
  await db
    .updateTable('factor_migration_items')
    .set((eb) => ({ after_version: eb('before_version', '+', 1) }))
    .where('migration_id', '=', migrationId)
    .where('excluded', 'is', null)
    .execute();
  return applied;
}

/** Writes every migrated calculation back exactly as it was before; 409 if one changed since the apply. */
export async function rollbackItems(db: Kysely<DatabaseSchema>, migrationId: number, mandantId: number): Promise<number> {
  let lastId = 0;
  let restored = 0;
  for (;;) {
    const rows = await db
      .selectFrom('factor_migration_items')
      .select(['id', 'calculation_id', 'before', 'after_version'])
      .where('migration_id', '=', migrationId)
      .where('excluded', 'is', null)
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    lastId = rows[rows.length - 1]!.id;
    const updates: Cell[][] = rows.map((row) => {
      const before = parseJson<CalculationSnapshot>(row.before, {} as CalculationSnapshot);
      return [row.calculation_id, row.after_version, before.database_id, JSON.stringify(before.results), before.total_co2e, before.version, before.updated_at, before.updated_by];
    });
    for (let start = 0; start < updates.length; start += BATCH) {
      const batch = updates.slice(start, start + BATCH);
      const count = await updateFromValues(
        db,
        ['id', 'seen_version', 'database_id', 'results', 'total', 'version', 'updated_at', 'updated_by'],
        batch,
        (v) => sql`database_id = ${v('database_id', 'integer')}, results = ${v('results', 'json')}, total_co2e = ${v('total', 'real')},
          version = ${v('version', 'integer')}, updated_at = ${v('updated_at', 'text')}, updated_by = ${v('updated_by', 'integer')}`,
        (v) => sql`calculations.id = ${v('id', 'integer')} and calculations.version = ${v('seen_version', 'integer')}
          and calculations.mandant_id = ${mandantId}`,
      );
      if (count !== batch.length) throw conflict(CHANGED_SINCE_APPLY);
      restored += count;
    }
  }
  return restored;
}
