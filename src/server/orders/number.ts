/**
 * Order numbers `B-<year>-<6 digits>`, sequential per mandant and year (db/counters.ts), and certificate numbers,
 * derived from the globally unique order id.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { reserveSequences, yearlyNumber } from '../db/counters';

/** Allocates the next order number; call inside the transaction that inserts the order. */
export async function allocateOrderNumber(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
  year = new Date().getUTCFullYear(),
): Promise<string> {
  return yearlyNumber('B', year, await reserveSequences(db, 'order_counters', mandantId, year));
}

/** `KC-<year>-<6 digits>`: as many digits as the order and calculation numbers beside it (it was 8, issue #35). */
export function certificateNumber(orderId: number, year = new Date().getUTCFullYear()): string {
  return `KC-${year}-${String(orderId).padStart(6, '0')}`;
}
