/**
 * Writing a batch of imported calculations: numbers are allocated as one block (one counter
 * upsert per batch instead of per row), rows go in with one set-based insert per dialect, then
 * their tag index rows. Runs inside the caller's transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { dialectOf } from '../db/migrations/columns';
import { formatCalculationNumber } from '../calculations/number';
import type { ComputedColumns } from '../calculations/prepare';
import './schema';

/** Rows per INSERT statement: 23 parameters each stays far below SQLite's and PostgreSQL's limits. */
const ROWS_PER_INSERT = 250;

export interface ImportedRow {
  columns: Omit<ComputedColumns, 'computed'>;
  tags: string[];
}

export interface BatchOwner {
  mandantId: number;
  userId: number;
  importId: number;
}

/** Reserves `count` consecutive numbers of the mandant's counter for the current year; answers the first sequence. */
async function allocateNumberBlock(db: Kysely<DatabaseSchema>, mandantId: number, count: number, year: number): Promise<number> {
  const row = await db
    .insertInto('calculation_counters')
    .values({ mandant_id: mandantId, year, last: count })
    .onConflict((oc) => oc.columns(['mandant_id', 'year']).doUpdateSet({ last: sql<number>`calculation_counters.last + ${count}` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last) - count + 1;
}

/** Inserts the rows as calculations of the import; answers their ids in order. */
export async function writeImportedBatch(db: Kysely<DatabaseSchema>, owner: BatchOwner, rows: readonly ImportedRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const now = new Date();
  const year = now.getUTCFullYear();
  const stamp = now.toISOString();
  const first = await allocateNumberBlock(db, owner.mandantId, rows.length, year);
  const numbers = rows.map((_, i) => formatCalculationNumber(year, first + i));
  return dialectOf(db) === 'postgres' ? insertWithArrays(db, owner, rows, numbers, stamp) : insertWithValues(db, owner, rows, numbers, stamp);
}

const titleOf = (row: ImportedRow) => row.columns.title ?? row.columns.template_id;
const tagsOf = (row: ImportedRow) => row.columns.tags ?? JSON.stringify(row.tags);

/**
 * PostgreSQL: one INSERT … SELECT FROM unnest(arrays) for the whole batch. Ten array parameters
 * instead of 25 per row: the statement stays small to parse and plan whatever the batch size.
 */
async function insertWithArrays(db: Kysely<DatabaseSchema>, owner: BatchOwner, rows: readonly ImportedRow[], numbers: string[], stamp: string): Promise<number[]> {
  const column = <T>(pick: (row: ImportedRow) => T) => rows.map(pick);
  const inserted = await sql<{ id: number; number: string }>`
    insert into calculations (mandant_id, number, template_id, template_version, template_type, database_id, title, tags, customer,
      status, inputs, results, total_co2e, created_by, updated_by, created_at, updated_at, duplicated_from, import_id, frozen)
    select ${owner.mandantId}, r.number, r.template_id, r.template_version, r.template_type, r.database_id, r.title, r.tags::jsonb, null,
      'draft', r.inputs::jsonb, r.results::jsonb, r.total_co2e, ${owner.userId}, ${owner.userId}, ${stamp}, ${stamp}, null, ${owner.importId}, false
    from unnest(${numbers}::text[], ${column((r) => r.columns.template_id)}::text[], ${column((r) => r.columns.template_version)}::integer[],
      ${column((r) => r.columns.template_type)}::text[], ${column((r) => r.columns.database_id)}::integer[], ${column(titleOf)}::text[],
      ${column(tagsOf)}::text[], ${column((r) => r.columns.inputs)}::text[], ${column((r) => r.columns.results)}::text[],
      ${column((r) => r.columns.total_co2e)}::double precision[])
      as r(number, template_id, template_version, template_type, database_id, title, tags, inputs, results, total_co2e)
    returning id, number`.execute(db);
  // RETURNING's order is not promised: match the ids back by their (unique) numbers.
  const idByNumber = new Map(inserted.rows.map((row) => [row.number, Number(row.id)]));
  const ids = numbers.map((number) => idByNumber.get(number)!);
  const tagIds: number[] = [];
  const tags: string[] = [];
  rows.forEach((row, i) => {
    for (const tag of new Set(row.tags)) {
      tagIds.push(ids[i]!);
      tags.push(tag);
    }
  });
  if (tags.length > 0) {
    await sql`insert into calculation_tags (calculation_id, mandant_id, tag)
      select t.id, ${owner.mandantId}, t.tag from unnest(${tagIds}::integer[], ${tags}::text[]) as t(id, tag)`.execute(db);
  }
  return ids;
}

/** SQLite: multi-row INSERT … VALUES in slices (its parameter limit), then the tag rows. */
async function insertWithValues(db: Kysely<DatabaseSchema>, owner: BatchOwner, rows: readonly ImportedRow[], numbers: string[], stamp: string): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const slice = rows.slice(start, start + ROWS_PER_INSERT);
    const inserted = await db
      .insertInto('calculations')
      .values(
        slice.map((row, i) => ({
          ...row.columns,
          mandant_id: owner.mandantId,
          number: numbers[start + i]!,
          title: titleOf(row),
          tags: tagsOf(row),
          customer: null,
          status: 'draft' as const,
          created_by: owner.userId,
          updated_by: owner.userId,
          created_at: stamp,
          updated_at: stamp,
          duplicated_from: null,
          import_id: owner.importId,
          frozen: false,
        })),
      )
      .returning('id')
      .execute();
    const sliceIds = inserted.map((r) => Number(r.id));
    ids.push(...sliceIds);
    const tagRows = slice.flatMap((row, i) => [...new Set(row.tags)].map((tag) => ({ calculation_id: sliceIds[i]!, mandant_id: owner.mandantId, tag })));
    for (let t = 0; t < tagRows.length; t += 1000) await db.insertInto('calculation_tags').values(tagRows.slice(t, t + 1000)).execute();
  }
  return ids;
}

/** Deletes every calculation of an import (tag rows first: SQLite may run without foreign-key cascades). */
export async function deleteImportedCalculations(db: Kysely<DatabaseSchema>, importId: number): Promise<number> {
  await db
    .deleteFrom('calculation_tags')
    .where('calculation_id', 'in', (qb) => qb.selectFrom('calculations').select('id').where('import_id', '=', importId))
    .execute();
  const result = await db.deleteFrom('calculations').where('import_id', '=', importId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
