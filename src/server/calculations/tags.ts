/**
 * The calculation_tags index: one row per tag of a calculation, rewritten whenever its tags
 * change, so the list's tag filter is an index lookup instead of a scan of every JSON array.
 * Each row carries its calculation's created_at and total_co2e (the tag statistic reads them
 * from the index, migration 0011); the writer passes them (on SQLite nothing fills them in since
 * migration 0017), and triggers keep them following the calculation afterwards.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { cappedCount } from '../http/list-sql';
import { scopeToMandant } from '../http/tenant-scope';

/** The calculation as its tag rows copy it. */
export interface TaggedCalculation {
  id: number;
  mandant_id: number;
  created_at: string;
  total_co2e: number;
}

export async function writeCalculationTags(
  db: Kysely<DatabaseSchema>,
  calculation: TaggedCalculation,
  tags: readonly string[],
): Promise<void> {
  await db.deleteFrom('calculation_tags').where('calculation_id', '=', calculation.id).execute();
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  const { id, mandant_id, created_at, total_co2e } = calculation;
  await db
    .insertInto('calculation_tags')
    .values(unique.map((tag) => ({ calculation_id: id, mandant_id, tag, created_at, total_co2e })))
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

/**
 * How many calculations of the user's scope carry every one of `tags` (as many hasTag conditions select), counted
 * on the tag index alone: a tag row carries its calculation's mandant, so the count reads (mandant, tag) entries
 * of calculation_tags_totals_idx and never a calculation row. Capped like every list count.
 */
export function countTagged(db: Kysely<DatabaseSchema>, user: SessionUser, tags: readonly string[]): Promise<number> {
  const [first, ...others] = tags;
  let tagged = scopeToMandant(db.selectFrom('calculation_tags as ct'), user, 'ct.mandant_id').where(
    'ct.tag',
    '=',
    first!,
  );
  for (const tag of others) {
    tagged = tagged.where(
      sql<SqlBool>`exists (select 1 from calculation_tags as other where other.calculation_id = ct.calculation_id and other.tag = ${tag} and other.mandant_id = ct.mandant_id)`,
    );
  }
  return cappedCount(db, tagged);
}
