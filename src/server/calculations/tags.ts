/**
 * The calculation_tags index: one row per tag of a calculation, rewritten whenever its tags
 * change, so the list's tag filter is an index lookup instead of a scan of every JSON array.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

export async function writeCalculationTags(db: Kysely<DatabaseSchema>, calculationId: number, mandantId: number, tags: readonly string[]): Promise<void> {
  await db.deleteFrom('calculation_tags').where('calculation_id', '=', calculationId).execute();
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await db
    .insertInto('calculation_tags')
    .values(unique.map((tag) => ({ calculation_id: calculationId, mandant_id: mandantId, tag })))
    .execute();
}

/**
 * The calculation carries `tag`. A correlated EXISTS on the primary key (calculation, tag; since
 * migration 0016) lets both databases walk the list's sort index and probe the tags per row,
 * instead of fetching every tagged row first and sorting them.
 */
export function hasTag(tag: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from calculation_tags as ct where ct.tag = ${tag} and ct.mandant_id = ${sql.ref('calculations.mandant_id')} and ct.calculation_id = ${sql.ref('calculations.id')})`;
}
