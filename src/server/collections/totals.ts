/**
 * What a collection holds and what it adds up to. The totals are one GROUP BY over the membership
 * rows joined to the calculations, never summed in JavaScript, so a collection of thousands of
 * calculations costs one indexed aggregate per page of collections.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { rowsOfMandant } from '../http/tenant-scope';
import { toCount } from '../db/values';
import './tables';

export interface CollectionTotals {
  calculation_count: number;
  /** kg CO2e over all calculations of the collection. */
  total_co2e: number;
  /** kg CO2e over the ordered (frozen) calculations. */
  ordered_co2e: number;
  /** kg CO2e not yet offset: total − ordered. */
  open_co2e: number;
}

export type CollectionDerived = CollectionTotals & { calculation_ids: number[] };

export const EMPTY_TOTALS: CollectionTotals = { calculation_count: 0, total_co2e: 0, ordered_co2e: 0, open_co2e: 0 };

/** Totals per collection id (collections without calculations get zeros). */
export async function collectionTotals(
  db: Kysely<DatabaseSchema>,
  collectionIds: readonly number[],
): Promise<Map<number, CollectionTotals>> {
  const out = new Map<number, CollectionTotals>(collectionIds.map((id) => [id, { ...EMPTY_TOTALS }]));
  if (collectionIds.length === 0) return out;
  // `frozen` is 0/1 on SQLite and boolean on PostgreSQL; CASE WHEN accepts both as a condition.
  const rows = await db
    .selectFrom('collection_calculations as cc')
    .innerJoin('calculations as c', (join) =>
      join.onRef('c.id', '=', 'cc.calculation_id').onRef('c.mandant_id', '=', 'cc.mandant_id'),
    )
    .innerJoin('calculation_state as s', 's.calculation_id', 'c.id')
    .where('cc.collection_id', 'in', [...collectionIds])
    .groupBy('cc.collection_id')
    .select((eb) => [
      'cc.collection_id',
      eb.fn.countAll().as('calculation_count'),
      sql<number>`coalesce(sum(s.total_co2e), 0)`.as('total_co2e'),
      sql<number>`coalesce(sum(case when c.frozen then s.total_co2e else 0 end), 0)`.as('ordered_co2e'),
      sql<number>`coalesce(sum(case when c.frozen then 0 else s.total_co2e end), 0)`.as('open_co2e'),
    ])
    .execute();
  for (const row of rows) {
    out.set(Number(row.collection_id), {
      calculation_count: toCount(row.calculation_count),
      total_co2e: Number(row.total_co2e),
      ordered_co2e: Number(row.ordered_co2e),
      open_co2e: Number(row.open_co2e),
    });
  }
  return out;
}

/** Calculation ids per collection id, in the order they were added. */
export async function memberIds(
  db: Kysely<DatabaseSchema>,
  collectionIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(collectionIds.map((id) => [id, []]));
  if (collectionIds.length === 0) return out;
  const rows = await db
    .selectFrom('collection_calculations')
    .select(['collection_id', 'calculation_id'])
    .where('collection_id', 'in', [...collectionIds])
    .orderBy('added_at')
    .orderBy('calculation_id')
    .execute();
  for (const row of rows) out.get(Number(row.collection_id))?.push(Number(row.calculation_id));
  return out;
}

/** Ids and totals of each collection, as the API record carries them. */
export async function collectionDerived(
  db: Kysely<DatabaseSchema>,
  collectionIds: readonly number[],
): Promise<Map<number, CollectionDerived>> {
  const [totals, ids] = await Promise.all([collectionTotals(db, collectionIds), memberIds(db, collectionIds)]);
  return new Map(
    collectionIds.map((id) => [id, { ...(totals.get(id) ?? EMPTY_TOTALS), calculation_ids: ids.get(id) ?? [] }]),
  );
}

/**
 * For other modules (orders): the calculation ids of a collection of `mandantId`, in the order they
 * were added; null when the mandant has no such collection. Pass the transaction you write in.
 */
export async function collectionCalculationIds(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
  collectionId: number,
): Promise<number[] | null> {
  const owner = await db
    .selectFrom('collections')
    .select('id')
    .where(rowsOfMandant(mandantId, collectionId))
    .executeTakeFirst();
  if (!owner) return null;
  return (await memberIds(db, [collectionId])).get(collectionId) ?? [];
}
