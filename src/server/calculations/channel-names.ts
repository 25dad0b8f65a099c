/**
 * The storefront's name beside a shop's calculation or order (issue 39). Everybody who reads the record reads where it
 * came from by name, editors and viewers too, who may not read the storefronts resource (an admin's right, with its
 * keys and origins): the record carries the name, nothing else of the storefront. One query per page of rows; a
 * storefront of another mandant than the row's never names it.
 *
 * Here, in the lowest module whose records carry a channel (calculations < orders < reports < storefronts), so that
 * none of them imports the storefronts module: the table's type is the platform's (db/schema.ts), and the query
 * declares the three columns of it that it reads.
 */
import type { Kysely } from 'kysely';
import { STOREFRONT_CHANNEL_PREFIX } from '../../core/api';
import type { DatabaseSchema, StorefrontsTable } from '../db/schema';

type Row = Record<string, unknown>;

const storefrontId = (channel: unknown): number | undefined => {
  if (typeof channel !== 'string' || !channel.startsWith(STOREFRONT_CHANNEL_PREFIX)) return undefined;
  const id = Number(channel.slice(STOREFRONT_CHANNEL_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The rows, each with `channel_name`: its storefront's name, or null (the back office, a storefront since deleted). */
export async function withChannelNames<R extends Row>(
  db: Kysely<DatabaseSchema>,
  rows: readonly R[],
): Promise<Array<R & { channel_name: string | null }>> {
  const ids = [...new Set(rows.map((row) => storefrontId(row.channel)).filter((id) => id !== undefined))];
  const storefronts = ids.length
    ? await db
        .withTables<{ storefronts: Pick<StorefrontsTable, 'id' | 'mandant_id' | 'name'> }>()
        .selectFrom('storefronts')
        .select(['id', 'mandant_id', 'name'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(storefronts.map((storefront) => [Number(storefront.id), storefront]));
  return rows.map((row) => {
    const storefront = byId.get(storefrontId(row.channel) ?? 0);
    const own = storefront !== undefined && Number(storefront.mandant_id) === Number(row.mandant_id);
    return { ...row, channel_name: own ? storefront.name : null };
  });
}
