/**
 * Calculation numbers `K-<year>-<6 digits>`, sequential per mandant and year. One upsert bumps
 * the counter row atomically on both dialects (PostgreSQL locks the row until the surrounding
 * transaction ends, so concurrent creates queue; SQLite writes are serialised anyway).
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

export function formatCalculationNumber(year: number, sequence: number): string {
  return `K-${year}-${String(sequence).padStart(6, '0')}`;
}

/** Allocates the next number; call inside the transaction that inserts the calculation. */
export async function allocateCalculationNumber(db: Kysely<DatabaseSchema>, mandantId: number, year = new Date().getUTCFullYear()): Promise<string> {
  const row = await db
    .insertInto('calculation_counters')
    .values({ mandant_id: mandantId, year, last: 1 })
    .onConflict((oc) => oc.columns(['mandant_id', 'year']).doUpdateSet({ last: sql<number>`calculation_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return formatCalculationNumber(year, Number(row.last));
}
