/**
 * Writing a batch of imported calculations: numbers are allocated as one block (one counter
 * upsert per batch instead of per row), rows go in with multi-row inserts, then their tag index
 * rows. Runs inside the caller's transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
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
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const slice = rows.slice(start, start + ROWS_PER_INSERT);
    const inserted = await db
      .insertInto('calculations')
      .values(
        slice.map((row, i) => ({
          ...row.columns,
          mandant_id: owner.mandantId,
          number: formatCalculationNumber(year, first + start + i),
          title: row.columns.title ?? row.columns.template_id,
          tags: row.columns.tags ?? JSON.stringify(row.tags),
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
