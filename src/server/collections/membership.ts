/**
 * Writing which calculations a collection holds. Every id must name a calculation of the
 * collection's own mandant; otherwise the whole request is refused with 404 before anything is
 * written (a 404 rather than 400 so nothing hints at another mandant's data).
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { notFound } from '../refusals';
import { rowsOfMandant } from '../http/tenant-scope';
import { collectionMessage } from './messages';
import './tables';

/** The ids, de-duplicated in their order; 404 unless all are calculations of `mandantId`. */
export async function checkCalculationIds(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await db.selectFrom('calculations').select('id').where(rowsOfMandant(mandantId, unique)).execute();
  if (found.length !== unique.length) throw notFound(collectionMessage('unknownCalculations'));
  return unique;
}

/** Adds the calculations not yet in the collection; answers how many were new. */
export async function addCalculations(
  db: Kysely<DatabaseSchema>,
  collectionId: number,
  mandantId: number,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const present = new Set(
    (
      await db
        .selectFrom('collection_calculations')
        .select('calculation_id')
        .where('collection_id', '=', collectionId)
        .where('calculation_id', 'in', [...ids])
        .execute()
    ).map((row) => Number(row.calculation_id)),
  );
  const fresh = ids.filter((id) => !present.has(id));
  if (fresh.length === 0) return 0;
  const now = isoNow();
  await db
    .insertInto('collection_calculations')
    .values(
      fresh.map((calculation_id) => ({
        collection_id: collectionId,
        calculation_id,
        mandant_id: mandantId,
        added_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['collection_id', 'calculation_id']).doNothing())
    .execute();
  return fresh.length;
}

/** Removes the calculations from the collection; answers how many were in it. */
export async function removeCalculations(
  db: Kysely<DatabaseSchema>,
  collectionId: number,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('collection_calculations')
    .where('collection_id', '=', collectionId)
    .where('calculation_id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Makes the collection hold exactly `ids`, keeping the added_at of those already in it. */
export async function replaceCalculations(
  db: Kysely<DatabaseSchema>,
  collectionId: number,
  mandantId: number,
  ids: readonly number[],
): Promise<{ added: number; removed: number }> {
  const current = (
    await db
      .selectFrom('collection_calculations')
      .select('calculation_id')
      .where('collection_id', '=', collectionId)
      .execute()
  ).map((row) => Number(row.calculation_id));
  const wanted = new Set(ids);
  const removed = await removeCalculations(
    db,
    collectionId,
    current.filter((id) => !wanted.has(id)),
  );
  const added = await addCalculations(db, collectionId, mandantId, ids);
  return { added, removed };
}

export async function writeCollectionTags(
  db: Kysely<DatabaseSchema>,
  collectionId: number,
  mandantId: number,
  tags: readonly string[],
): Promise<void> {
  await db.deleteFrom('collection_tags').where('collection_id', '=', collectionId).execute();
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await db
    .insertInto('collection_tags')
    .values(unique.map((tag) => ({ collection_id: collectionId, mandant_id: mandantId, tag })))
    .execute();
}
