/**
 * The calculations of an import, as the calculations module stores them: the import (imports/job.ts) hands each batch
 * of computed rows here once and never reads these tables itself; its undo and recovery delete and count them here.
 *
 * Writing a batch of imported calculations: numbers are allocated as one block (one counter
 * upsert per batch instead of per row), rows go in with one set-based insert per dialect, then
 * their tag index rows. Runs inside the caller's transaction (PostgreSQL's COPY holds its connection while it streams).
 */
import { finished } from 'node:stream/promises';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseSchema } from '../db/schema';
import { dialectOf } from '../db/dialect';
import { formatCalculationNumber } from './number';
import { reserveSequences } from '../db/counters';
import type { ComputedColumns } from './prepare';
import { CALCULATION_STATE, STATE_COLUMNS } from './state';
import { addInsertedToCountsAndSearch, asBulkWriter } from './bulk-derived';

export interface ImportedRow {
  columns: Omit<ComputedColumns, 'computed'>;
  tags: string[];
}

export interface BatchOwner {
  mandantId: number;
  userId: number;
  importId: number;
}

/** Inserts the rows as calculations of the import; answers their ids in order. */
export async function writeImportedBatch(
  trx: Transaction<DatabaseSchema>,
  owner: BatchOwner,
  rows: readonly ImportedRow[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const now = new Date();
  const year = now.getUTCFullYear();
  const stamp = now.toISOString();
  const first = await reserveSequences(trx, 'calculation_counters', owner.mandantId, year, rows.length);
  const numbers = rows.map((_, i) => formatCalculationNumber(year, first + i));
  const batch: NumberedBatch = { owner, rows, numbers, stamp };
  return dialectOf(trx) === 'sqlite' ? insertRows(trx, batch) : copyRows(trx, batch);
}

/** A batch with its calculation numbers allocated and the time it is written at: what each writer takes. */
export interface NumberedBatch {
  owner: BatchOwner;
  rows: readonly ImportedRow[];
  numbers: readonly string[];
  stamp: string;
}

/** What a per-row value is: text, a number, or JSON text stored as it is. */
type PayloadKind = 'text' | 'integer' | 'double precision' | 'json';

/**
 * The columns an import writes for a calculation, in the one order both writers use (SQLite's
 * INSERT and PostgreSQL's COPY): a kind for a value that differs per row,
 * `shared` for one every row of a batch has (sharedValues). Those of calculation_state (migration 0032)
 * go into that table, with the calculation's id and the columns it copies (state.ts CALCULATION_STATE.copied: mandant_id,
 * created_at, template_id, template_type), which go into both (ImportTable).
 */
const IMPORT_COLUMNS = [
  ['mandant_id', 'shared'],
  ['number', 'text'],
  ['template_id', 'text'],
  ['template_version', 'integer'],
  ['template_type', 'text'],
  ['database_id', 'integer'],
  ['title', 'text'],
  ['tags', 'json'],
  ['customer', 'shared'],
  ['status', 'shared'],
  ['inputs', 'json'],
  ['results', 'json'],
  ['total_co2e', 'double precision'],
  ['machine_set_id', 'integer'],
  ['created_by', 'shared'],
  ['updated_by', 'shared'],
  ['created_at', 'shared'],
  ['updated_at', 'shared'],
  ['duplicated_from', 'shared'],
  ['import_id', 'shared'],
  ['frozen', 'shared'],
] as const satisfies readonly (readonly [string, PayloadKind | 'shared'])[];

type ImportColumn = (typeof IMPORT_COLUMNS)[number];
type RowColumn = Exclude<ImportColumn, readonly [string, 'shared']>;
type SharedColumn = Extract<ImportColumn, readonly [string, 'shared']>[0];
/** A column of one of the two tables: the import's, or calculation_state's key. */
type TableColumn = ImportColumn | readonly ['calculation_id', 'integer'];

/** One table's share of the columns, in the order its INSERT or COPY names them. */
interface ImportTable {
  name: 'calculations' | 'calculation_state';
  columns: readonly TableColumn[];
}

const importTable = (name: ImportTable['name'], columns: readonly TableColumn[]): ImportTable => ({ name, columns });

const inState = (column: string) =>
  (STATE_COLUMNS as readonly string[]).includes(column) ||
  (CALCULATION_STATE.copied as readonly string[]).includes(column);
const MAIN = importTable(
  'calculations',
  IMPORT_COLUMNS.filter(([name]) => !(STATE_COLUMNS as readonly string[]).includes(name)),
);
const STATE = importTable('calculation_state', [
  ['calculation_id', 'integer'],
  ...IMPORT_COLUMNS.filter(([name]) => inState(name)),
]);

type SharedValue = string | number | boolean | null;

function sharedValues(owner: BatchOwner, stamp: string): Record<SharedColumn, SharedValue> {
  return {
    mandant_id: owner.mandantId,
    customer: null,
    status: 'draft',
    created_by: owner.userId,
    updated_by: owner.userId,
    created_at: stamp,
    updated_at: stamp,
    duplicated_from: null,
    import_id: owner.importId,
    frozen: false,
  };
}

type RowValues = Record<RowColumn[0] | 'calculation_id', string | number | null>;

/** A row's per-row values by column; the JSON columns as JSON text. */
function rowValues(row: ImportedRow, number: string, id: number | null = null): RowValues {
  const c = row.columns;
  return {
    calculation_id: id,
    number,
    template_id: c.template_id,
    template_version: c.template_version,
    template_type: c.template_type,
    database_id: c.database_id,
    title: c.title ?? c.template_id,
    tags: c.tags ?? JSON.stringify(row.tags),
    inputs: c.inputs,
    results: c.results,
    total_co2e: c.total_co2e,
    machine_set_id: c.machine_set_id,
  };
}

/** A value in COPY's text format: backslash, tab, newline and carriage return escaped (JSON strings may hold backslashes). */
function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value as a COPY text field: NULL as \N, booleans as t/f. */
const copyField = (value: SharedValue): string =>
  value === null ? '\\N' : typeof value === 'boolean' ? (value ? 't' : 'f') : copyText(String(value));

/**
 * Streams one COPY … FROM STDIN through the transaction's connection: Kysely passes a compiled
 * query's `sql` to pg's `client.query` as it is, and pg runs an object with `submit` (the COPY
 * stream) as the connection's next command. Resolves when the server has taken every row.
 */
async function copyInto(db: Kysely<DatabaseSchema>, statement: string, text: string): Promise<void> {
  const stream = copyFrom(statement);
  await db.executeQuery(CompiledQuery.raw(stream as unknown as string));
  stream.end(text);
  await finished(stream);
}

/** The columns of an import's COPY into calculations, calculation_state and calculation_tags, in copyTextOf's order. */
export const CALCULATION_COPY_COLUMNS = ['id', ...MAIN.columns.map(([name]) => name)].join(', ');
export const STATE_COPY_COLUMNS = STATE.columns.map(([name]) => name).join(', ');
export const TAG_COPY_COLUMNS = 'calculation_id, mandant_id, tag, created_at, total_co2e';

/** A batch of imported rows in COPY's text format, with the ids they are to have. */
export function copyTextOf(
  { owner, rows, numbers, stamp }: NumberedBatch,
  ids: readonly number[],
): { calculations: string; state: string; tags: string } {
  const shared = sharedValues(owner, stamp);
  // Each column's field: the shared ones written once per batch, the per-row ones by name from the row's values.
  const fieldsOf = (table: ImportTable) =>
    table.columns.map(([name, kind]) => (kind === 'shared' ? { text: copyField(shared[name as SharedColumn]) } : name));
  const line = (fields: ReturnType<typeof fieldsOf>, values: RowValues) =>
    fields.map((field) => (typeof field === 'string' ? copyField(values[field] ?? null) : field.text)).join('\t');
  const mainFields = fieldsOf(MAIN);
  const stateFields = fieldsOf(STATE);
  let calculations = '';
  let state = '';
  let tags = '';
  rows.forEach((row, i) => {
    const id = ids[i]!;
    const values = rowValues(row, numbers[i]!, id);
    calculations += `${id}\t${line(mainFields, values)}\n`;
    state += `${line(stateFields, values)}\n`;
    for (const tag of new Set(row.tags))
      tags += `${id}\t${owner.mandantId}\t${copyText(tag)}\t${stamp}\t${row.columns.total_co2e}\n`;
  });
  return { calculations, state, tags };
}

/**
 * PostgreSQL inside a transaction: COPY, at the database's own load rate (issue #22: ~3.4 s for
 * 100,000 calculations and 200,000 tag rows against ~10 s through INSERT … SELECT). COPY answers
 * no ids, so the batch takes its ids from the identity's sequence first (one round trip) and names
 * them. The references are checked once per statement and distinct referenced row (0026).
 */
async function copyRows(db: Kysely<DatabaseSchema>, batch: NumberedBatch): Promise<number[]> {
  const reserved = await sql<{ id: number }>`
    select nextval(pg_get_serial_sequence('calculations', 'id'))::integer as id from generate_series(1, ${batch.rows.length})`.execute(
    db,
  );
  const ids = reserved.rows.map((row) => Number(row.id));
  const text = copyTextOf(batch, ids);
  await copyInto(db, `copy calculations (${CALCULATION_COPY_COLUMNS}) from stdin`, text.calculations);
  await copyInto(db, `copy calculation_state (${STATE_COPY_COLUMNS}) from stdin`, text.state);
  if (text.tags) await copyInto(db, `copy calculation_tags (${TAG_COPY_COLUMNS}) from stdin`, text.tags);
  return ids;
}

/**
 * SQLite: one INSERT of the batch's rows per table, every value bound (valuesInsert). Its list counts
 * and search entries are written once for the batch, not by the per-row triggers (migration 0058).
 */
async function insertRows(
  db: Kysely<DatabaseSchema>,
  { owner, rows, numbers, stamp }: NumberedBatch,
): Promise<number[]> {
  return asBulkWriter(db, 'import', async () => {
    const ids = await insertBatch(db, { owner, rows, numbers, stamp });
    await addInsertedToCountsAndSearch(db, ids);
    return ids;
  });
}

async function insertBatch(
  db: Kysely<DatabaseSchema>,
  { owner, rows, numbers, stamp }: NumberedBatch,
): Promise<number[]> {
  const shared = sharedValues(owner, stamp);
  const sharedParameter = (name: SharedColumn) => {
    const value = shared[name];
    return typeof value === 'boolean' ? Number(value) : value;
  };
  const insertInto = (table: ImportTable, ids: readonly number[] | null) => {
    const parameters: (string | number | null)[] = [];
    rows.forEach((row, i) => {
      const values = rowValues(row, numbers[i]!, ids?.[i] ?? null);
      for (const [name, kind] of table.columns)
        parameters.push(kind === 'shared' ? sharedParameter(name as SharedColumn) : values[name as RowColumn[0]]);
    });
    return db.executeQuery<{ id: number; number: string }>(
      CompiledQuery.raw(valuesInsert(table, rows.length, !ids), parameters),
    );
  };
  const inserted = await insertInto(MAIN, null);
  const idByNumber = new Map(inserted.rows.map((row) => [row.number, Number(row.id)]));
  const ids = numbers.map((number) => idByNumber.get(number)!);
  await insertInto(STATE, ids);
  const tagRows = rows.flatMap((row, i) => [...new Set(row.tags)].map((tag) => [ids[i], tag, row.columns.total_co2e]));
  if (tagRows.length > 0) {
    // created_at and total_co2e: the calculation's (SQLite has no fill trigger since 0017; PostgreSQL's then does not run).
    await sql`insert into calculation_tags (calculation_id, mandant_id, tag, created_at, total_co2e)
      select json_extract(t.value, '$[0]'), ${owner.mandantId}, json_extract(t.value, '$[1]'), ${stamp}, json_extract(t.value, '$[2]')
      from json_each(${JSON.stringify(tagRows)}) as t`.execute(db);
  }
  return ids;
}

/**
 * `insert into <table> (…) values (?, …), …` for `rows` rows, every value a parameter: the same text for every
 * full batch, so SQLite prepares it once (db/database.ts keeps it). Measured against unpacking one JSON parameter
 * with json_each: the JSON text of a batch (each row's results JSON escaped once more) and SQLite's json_extract of
 * every value cost more CPU than binding the values.
 */
function valuesInsert(table: ImportTable, rows: number, returning: boolean): string {
  const key = `${table.name}:${rows}:${returning}`;
  let text = VALUES_INSERTS.get(key);
  if (!text) {
    const row = `(${table.columns.map(() => '?').join(', ')})`;
    text = `insert into "${table.name}" (${table.columns.map(([name]) => name).join(', ')}) values ${Array(rows)
      .fill(row)
      .join(', ')}${returning ? ' returning id, number' : ''}`;
    VALUES_INSERTS.set(key, text);
  }
  return text;
}
const VALUES_INSERTS = new Map<string, string>();

/**
 * Deletes the calculations of an import (tag rows first: SQLite may run without foreign-key cascades);
 * `keepFrozen` leaves those frozen by an order. Answers how many were deleted.
 */
export async function deleteImportedCalculations(
  db: Kysely<DatabaseSchema>,
  importId: number,
  options: { keepFrozen?: boolean } = {},
): Promise<number> {
  const ofImport = db
    .selectFrom('calculations')
    .select('id')
    .where('import_id', '=', importId)
    .$if(!!options.keepFrozen, (qb) => qb.where('frozen', '=', false));
  await db.deleteFrom('calculation_tags').where('calculation_id', 'in', ofImport).execute();
  await db.deleteFrom('calculation_state').where('calculation_id', 'in', ofImport).execute();
  const result = await db
    .deleteFrom('calculations')
    .where('import_id', '=', importId)
    .$if(!!options.keepFrozen, (qb) => qb.where('frozen', '=', false))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether an order froze one of the import's calculations (then the import cannot be undone). */
export async function hasFrozenImportedCalculation(db: Kysely<DatabaseSchema>, importId: number): Promise<boolean> {
  const frozen = await db
    .selectFrom('calculations')
    .select('id')
    .where('import_id', '=', importId)
    .where('frozen', '=', true)
    .executeTakeFirst();
  return frozen !== undefined;
}

/** How many calculations of the import exist. */
export async function countImportedCalculations(db: Kysely<DatabaseSchema>, importId: number): Promise<number> {
  const kept = await db
    .selectFrom('calculations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('import_id', '=', importId)
    .executeTakeFirst();
  return Number(kept?.n ?? 0);
}
