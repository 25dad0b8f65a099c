/**
 * Order numbers `B-<year>-<6 digits>`, sequential per mandant and year (same counter upsert as
 * calculation numbers), and certificate numbers, derived from the globally unique order id.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** Allocates the next order number; call inside the transaction that inserts the order. */
export async function allocateOrderNumber(db: Kysely<DatabaseSchema>, mandantId: number, year = new Date().getUTCFullYear()): Promise<string> {
  const row = await db
    .insertInto('order_counters')
    .values({ mandant_id: mandantId, year, last: 1 })
    .onConflict((oc) => oc.columns(['mandant_id', 'year']).doUpdateSet({ last: sql<number>`order_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `B-${year}-${String(row.last).padStart(6, '0')}`;
}

export function certificateNumber(orderId: number, year = new Date().getUTCFullYear()): string {
  return `KC-${year}-${String(orderId).padStart(8, '0')}`;
}
