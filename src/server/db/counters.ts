/**
 * Numbers `<prefix>-<year>-<6 digits>`, sequential per mandant and year (calculations, orders). One upsert bumps the
 * counter row atomically on both dialects (PostgreSQL locks the row until the surrounding transaction ends, so
 * concurrent creates queue; SQLite writes are serialised anyway).
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema';

/** The counter tables: one row per mandant and year, `last` the number given out last. */
type CounterTable = 'calculation_counters' | 'order_counters';

export function yearlyNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Reserves `count` consecutive numbers of the mandant's counter for the year; answers the first sequence. Call inside
 * the transaction that inserts the numbered rows.
 */
export async function reserveSequences(
  db: Kysely<DatabaseSchema>,
  counters: CounterTable,
  mandantId: number,
  year: number,
  count = 1,
): Promise<number> {
  const row = await db
    .insertInto(counters)
    .values({ mandant_id: mandantId, year, last: count })
    .onConflict((oc) =>
      oc.columns(['mandant_id', 'year']).doUpdateSet({ last: sql<number>`${sql.ref(`${counters}.last`)} + ${count}` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last) - count + 1;
}
