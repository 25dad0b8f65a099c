/**
 * A calculation is two rows (migration 0032): `calculations` (what identifies and lists it) and `calculation_state`
 * (what a migration rewrites: results, total, database, machine set, template version, version, updated_at/by).
 * Every writer writes both in one transaction; every reader joins them through `selectCalculations`.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { CalculationStateTable, CalculationsTable, DatabaseSchema } from '../db/schema';

/** The record's columns that live in calculation_state. */
export const STATE_COLUMNS = [
  'template_version',
  'database_id',
  'machine_set_id',
  'results',
  'total_co2e',
  'updated_by',
  'updated_at',
  'version',
] as const;

/** calculation_state: keyed by the calculation's id; `copied` are columns of the main row it copies on insert for its
 * indexes, which lead with them (mandant, template, type) and end in a state column. All but template_type never
 * change; a write of one (a template version of another type: an edit, a template migration) writes both rows. */
export const CALCULATION_STATE = {
  table: 'calculation_state',
  key: 'calculation_id',
  columns: STATE_COLUMNS,
  copied: ['mandant_id', 'created_at', 'template_id', 'template_type'],
} as const;

/** The state columns a whole record reads, qualified by their table. */
export const STATE_SELECTION = STATE_COLUMNS.map((column) => `calculation_state.${column}` as const);

/** calculations joined with their state: whole rows as before the split (name shared columns as `calculations.x`). */
export function selectCalculations(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom('calculations')
    .innerJoin('calculation_state', 'calculation_state.calculation_id', 'calculations.id')
    .selectAll('calculations')
    .select(STATE_SELECTION);
}

/** The state row of a calculation just inserted with `row`'s values. */
export function stateRowOf(id: number, row: Record<string, unknown>) {
  return {
    calculation_id: id,
    ...Object.fromEntries(CALCULATION_STATE.copied.map((column) => [column, row[column]])),
    ...Object.fromEntries(STATE_COLUMNS.filter((column) => column in row).map((column) => [column, row[column]])),
  };
}

/** One calculation's values, both rows' columns together (as the wide row had them). */
export type CalculationInsert = Insertable<CalculationsTable> &
  Omit<Insertable<CalculationStateTable>, 'calculation_id'>;

/** Inserts calculations' two rows each (rows and their state rows, one statement per table); answers their ids. */
export async function insertCalculations(
  db: Kysely<DatabaseSchema>,
  rows: readonly CalculationInsert[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const main = rows.map(
    (values) =>
      Object.fromEntries(
        Object.entries(values).filter(([column]) => !(STATE_COLUMNS as readonly string[]).includes(column)),
      ) as Insertable<CalculationsTable>,
  );
  const inserted = await db.insertInto('calculations').values(main).returning(['id', 'mandant_id', 'number']).execute();
  // RETURNING's order is not promised: the ids are matched back by (mandant, number), which is unique.
  const idOf = new Map(inserted.map((row) => [`${row.mandant_id}:${row.number}`, row.id]));
  const ids = rows.map((row) => idOf.get(`${row.mandant_id}:${row.number}`)!);
  await db
    .insertInto('calculation_state')
    .values(rows.map((row, i) => stateRowOf(ids[i]!, row) as Insertable<CalculationStateTable>))
    .execute();
  return ids;
}

/** The bookkeeping columns of a calculation made new at `now` (neither a copy nor imported). */
export const newCalculationColumns = (now: string) =>
  ({
    created_at: now,
    updated_at: now,
    version: 1,
    duplicated_from: null,
    import_id: null,
    frozen: false,
  }) as const;

/** Inserts a calculation's two rows; answers its id. */
export async function insertCalculation(db: Kysely<DatabaseSchema>, values: CalculationInsert): Promise<number> {
  return (await insertCalculations(db, [values]))[0]!;
}

/** A calculation column qualified by the table that holds it (`calculations.title`, `calculation_state.total_co2e`). */
export function calculationColumn(column: string): string {
  return `${(STATE_COLUMNS as readonly string[]).includes(column) ? 'calculation_state' : 'calculations'}.${column}`;
}

/** calculations joined with their state, selecting only the id (add what a query needs). */
export function selectCalculationIds(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom('calculations')
    .innerJoin('calculation_state', 'calculation_state.calculation_id', 'calculations.id')
    .select('calculations.id');
}

/**
 * What a list page reads besides `calculations.*` (store.ts): the state columns, but of the stored results only their
 * values and primary result (`result_values`, `result_primary`), taken out by the database. Parsing every row's whole
 * results (factors, database, production) was a fifth of a list request's CPU.
 */
export function listedStateColumns(dialect: Dialect) {
  const listedState = STATE_SELECTION.filter((column) => column !== 'calculation_state.results');
  const values =
    dialect === 'postgres'
      ? sql<unknown>`calculation_state.results -> 'values'`
      : sql<unknown>`json_extract(calculation_state.results, '$.values')`;
  const primary =
    dialect === 'postgres'
      ? sql<string | null>`calculation_state.results ->> 'primary'`
      : sql<string | null>`json_extract(calculation_state.results, '$.primary')`;
  return [...listedState, values.as('result_values'), primary.as('result_primary')] as const;
}
