/** The entries of a change's impact that count calculations (by template, by database), with the list's link. */
import type { Kysely } from 'kysely';
import type { ImpactEntry } from '../../core/api';
import { databaseLabel } from '../../core/protocol/describe';
import type { DatabaseSchema } from '../db/schema';

/** The calculation list filtered as given (react-admin reads `filter` from the address). */
export const calculationsLink = (filter: Record<string, string | number>) =>
  `/calculations?filter=${encodeURIComponent(JSON.stringify(filter))}`;

export function countEntries<K extends string | number>(
  counts: ReadonlyMap<K, number>,
  label: (key: K) => string,
  link: (key: K) => string,
): ImpactEntry[] {
  return [...counts]
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || String(a).localeCompare(String(b)))
    .map(([key, count]) => ({ key: String(key), label: label(key), count, link: link(key) }));
}

/** Calculations by the database they were computed with, labelled by the database's name and version. */
export async function databaseEntries(
  db: Kysely<DatabaseSchema>,
  counts: ReadonlyMap<number, number>,
): Promise<ImpactEntry[]> {
  const ids = [...counts.keys()];
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('factor_databases')
          .select(['id', 'name', 'version_label'])
          .where('id', 'in', ids)
          .execute();
  const labels = new Map(rows.map((row) => [Number(row.id), databaseLabel(row.name, row.version_label)]));
  return countEntries(
    counts,
    (id) => labels.get(id) ?? String(id),
    (id) => calculationsLink({ database_id: id }),
  );
}
