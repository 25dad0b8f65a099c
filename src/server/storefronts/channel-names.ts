/**
 * The storefront names a reader may filter by. The names beside a shop's calculations and orders are added by
 * calculations/channel-names.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { StorefrontChannel } from '../../core/api';
import { currentUser, signedIn } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { errorAnswers } from '../http/errors';
import { scopeToMandant } from '../http/tenant-scope';
import { typed } from '../http/typed-routes';

/**
 * `GET /api/storefront-channels`: the choices of the lists' channel filter, for every signed-in reader: the id and name
 * of each storefront of the reader's mandant (a provider admin: of every mandant, as the lists show them every
 * mandant's records), inactive ones too, since their orders stay. Nothing else of a storefront.
 */
export function registerStorefrontChannelRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  typed(app).get(
    '/api/storefront-channels',
    {
      ...signedIn(app),
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
