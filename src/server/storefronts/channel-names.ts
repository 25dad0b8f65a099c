/**
 * The storefront's name beside a shop's calculation or order (issue 39). Everybody who reads the record reads where it
 * came from by name, editors and viewers too, who may not read the storefronts resource (an admin's right, with its
 * keys and origins): the record carries the name, nothing else of the storefront. One query per page of rows; a
 * storefront of another mandant than the row's never names it.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { STOREFRONT_CHANNEL_PREFIX, StorefrontChannel } from '../../core/api';
import { currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { errorAnswers } from '../http/errors';
import { scopeToMandant } from '../http/tenant-scope';
import { typed } from '../http/typed-routes';

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
    ? await db.selectFrom('storefronts').select(['id', 'mandant_id', 'name']).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(storefronts.map((storefront) => [Number(storefront.id), storefront]));
  return rows.map((row) => {
    const storefront = byId.get(storefrontId(row.channel) ?? 0);
    const own = storefront !== undefined && Number(storefront.mandant_id) === Number(row.mandant_id);
    return { ...row, channel_name: own ? storefront.name : null };
  });
}

/**
 * `GET /api/storefront-channels`: the choices of the lists' channel filter, for every signed-in reader: the id and name
 * of each storefront of the reader's mandant (a provider admin: of every mandant, as the lists show them every
 * mandant's records), inactive ones too, since their orders stay. Nothing else of a storefront.
 */
export function registerStorefrontChannelRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  typed(app).get(
    '/api/storefront-channels',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['storefronts'],
        summary: 'The storefronts the reader’s calculations and orders may come from: id and name, for the filter',
        response: { 200: Type.Array(StorefrontChannel), ...errorAnswers(401) },
      },
    },
    async (request): Promise<StorefrontChannel[]> => {
      const rows = await scopeToMandant(db.selectFrom('storefronts'), currentUser(request), 'mandant_id')
        .select(['id', 'name'])
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: Number(row.id), name: row.name }));
    },
  );
}
