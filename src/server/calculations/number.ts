/** Calculation numbers `K-<year>-<6 digits>`, sequential per mandant and year (db/counters.ts). */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { reserveSequences, yearlyNumber } from '../db/counters';

export function formatCalculationNumber(year: number, sequence: number): string {
  return yearlyNumber('K', year, sequence);
}

/** Allocates the next number; call inside the transaction that inserts the calculation. */
export async function allocateCalculationNumber(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
  year = new Date().getUTCFullYear(),
): Promise<string> {
  return formatCalculationNumber(year, await reserveSequences(db, 'calculation_counters', mandantId, year));
}
