/**
 * What the back office's routes below one storefront (`/api/storefronts/:id/…`: its secret keys, its webhooks and their
 * deliveries) have in common, in one place: the access rule (`storefronts`, read to list, update to change), their tag
 * and error answers; the storefront itself, read in the user's mandant (another mandant's answers as a missing one),
 * so a route works on its own storefront's rows only; and the three routes of a credential a storefront holds a few
 * of (`registerCredentialRoutes`): list them, add one (shown once), remove one, the last two written to the protocol.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type, type Static, type TSchema } from 'typebox';
import type { SessionUser } from '../../core/api';
import { NoContent } from '../../core/api/schema';
import { msg, type ErrorKey } from '../../core/i18n/error-keys';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { conflict, errorAnswers, notFound } from '../http/errors';
import { idParams, idSchema } from '../http/record-id';
import { scopeToMandant } from '../http/tenant-scope';
import { typed } from '../http/typed-routes';
import { recordChange } from '../audit/change';

const errorResponses = errorAnswers(400, 401, 403, 404, 409);

/**
 * A route's options: its access rule and its schema with the storefront routes' tag and error answers (`response`
 * names the success answer only).
 */
export function storefrontRoute<const S extends { response: Record<number, TSchema> }>(
  app: FastifyInstance,
  action: 'read' | 'update',
  schema: S,
) {
  return {
    ...allowedTo(app, action, 'storefronts'),
    schema: { tags: ['storefronts'], ...schema, response: { ...schema.response, ...errorResponses } },
  };
}

type Storefront = { id: number; mandant_id: number; name: string };

/** The user's storefront (its mandant's; a provider admin's: any); 404 otherwise. */
export async function findStorefront(db: Kysely<DatabaseSchema>, user: SessionUser, id: number): Promise<Storefront> {
  const row = await scopeToMandant(db.selectFrom('storefronts'), user, 'mandant_id')
    .select(['id', 'mandant_id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(msg('errors.noRecord', { resource: 'storefronts', id }));
  return row;
}

/** `work` in one transaction with the request user's storefront `id` (404 when it is not theirs). */
export async function inOwnStorefront<T>(
  db: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  id: number,
  work: (trx: Kysely<DatabaseSchema>, storefront: Storefront, user: SessionUser) => Promise<T>,
): Promise<T> {
  const user = currentUser(request);
  return db.transaction().execute(async (trx) => work(trx, await findStorefront(trx, user, id), user));
}

/** A row of the storefront's that `found` did not find: 404, named by its resource and id. */
export function orMissing<R>(found: R | undefined, resource: string, id: number): R {
  if (!found) throw notFound(msg('errors.noRecord', { resource, id }));
  return found;
}

/** The columns every credential row has of its storefront and its maker. */
interface CredentialOwner {
  storefront_id: number;
  mandant_id: number;
  created_by: number;
  created_at: string;
}

/**
 * A kind of credential a storefront holds a few of (its secret keys, its webhook endpoints): what its three routes
 * `GET|POST /api/storefronts/:id/<path>` and `DELETE /api/storefronts/:id/<path>/:<idParam>` need to know of it.
 */
export interface StorefrontCredential<Body extends TSchema, Values, R extends { id: number }, Shown> {
  path: string;
  idParam: string;
  /** Its name in the protocol and in a 404. */
  resource: string;
  record: TSchema;
  body: Body;
  created: TSchema;
  summaries: { list: string; create: string; remove: string };
  /** The create route's description in the OpenAPI document. */
  description?: string;
  max: number;
  /** The refusal (409) when the storefront already lists `max` of them. */
  tooMany: ErrorKey;
  /** The storefront's listed credentials (a removed one is not), in the list's order. */
  list(db: Kysely<DatabaseSchema>, storefrontId: number): Promise<R[]>;
  /** The new credential's own values from the body, checked (400) before the storefront is read. */
  values(body: Static<Body>): Values;
  /** Inserts one with its owner's columns; answers its record and what is shown of it this once (the secret). */
  insert(trx: Kysely<DatabaseSchema>, owner: CredentialOwner, values: Values): Promise<{ record: R; shown: Shown }>;
  /** Removes (or revokes) one of the storefront's; answers its record, undefined when it has no such one. */
  remove(trx: Kysely<DatabaseSchema>, storefrontId: number, id: number): Promise<R | undefined>;
  /** How the protocol names one, after the storefront's name. */
  name(record: R): string;
}

export function registerCredentialRoutes<Body extends TSchema, Values, R extends { id: number }, Shown>(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  credential: StorefrontCredential<Body, Values, R, Shown>,
): void {
  const { path, resource, summaries } = credential;
  const api = typed(app);
  api.get(
    `/api/storefronts/:id/${path}`,
    storefrontRoute(app, 'read', {
      summary: summaries.list,
      params: idParams,
      response: { 200: Type.Array(credential.record) },
    }),
    async (request) => {
      const storefront = await findStorefront(db, currentUser(request), request.params.id);
      return credential.list(db, storefront.id);
    },
  );
  api.post(
    `/api/storefronts/:id/${path}`,
    storefrontRoute(app, 'update', {
      summary: summaries.create,
      ...(credential.description !== undefined && { description: credential.description }),
      params: idParams,
      body: credential.body,
      response: { 201: credential.created },
    }),
    async (request, reply) => {
      const values = credential.values(request.body as Static<Body>);
      const created = await inOwnStorefront(db, request, request.params.id, async (trx, storefront, user) => {
        // At most a handful are listed: counting them is reading them.
        if ((await credential.list(trx, storefront.id)).length >= credential.max)
          throw conflict(msg(credential.tooMany, { max: credential.max }));
        const { record, shown } = await credential.insert(
          trx,
          {
            storefront_id: storefront.id,
            mandant_id: storefront.mandant_id,
            created_by: user.id,
            created_at: isoNow(),
          },
          values,
        );
        await recordCredentialChange(trx, request, storefront, 'created', credential, record);
        return { ...record, ...shown };
      });
      return reply.status(201).send(created);
    },
  );
  api.delete(
    `/api/storefronts/:id/${path}/:${credential.idParam}`,
    storefrontRoute(app, 'update', {
      summary: summaries.remove,
      params: Type.Object({ id: idSchema, [credential.idParam]: idSchema }),
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      const id = (request.params as Record<string, number>)[credential.idParam] as number;
      await inOwnStorefront(db, request, request.params.id, async (trx, storefront) => {
        const record = orMissing(await credential.remove(trx, storefront.id, id), resource, id);
        await recordCredentialChange(trx, request, storefront, 'deleted', credential, record);
      });
      return reply.status(204).send();
    },
  );
}

/**
 * The protocol entry of a credential added or removed: in the storefront's mandant, labelled
 * `<storefront>: <credential>`; the record never holds the secret.
 */
async function recordCredentialChange<R extends { id: number }>(
  trx: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  storefront: Storefront,
  action: 'created' | 'deleted',
  credential: { resource: string; name(record: R): string },
  record: R,
): Promise<void> {
  await recordChange(trx, request, {
    action,
    resource: credential.resource,
    record,
    label: `${storefront.name}: ${credential.name(record)}`,
    mandantId: storefront.mandant_id,
  });
}
