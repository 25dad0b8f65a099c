/**
 * A storefront's secret keys (issue 39, item 3): `kontor_sk_…` for the shop's own server, which may create orders of
 * that storefront and nothing else. Created in the back office and shown once; only the SHA-256 is stored (as API
 * tokens are, auth/tokens.ts); revoked at once; listed with their last use.
 *   GET    /api/storefronts/:id/secret-keys          → StorefrontSecretKeyRecord[] (live keys, newest first)
 *   POST   /api/storefronts/:id/secret-keys          {name} → 201 CreatedStorefrontSecretKey (the key shown this once)
 *   DELETE /api/storefronts/:id/secret-keys/:keyId   → 204 (revoked)
 * A storefront of another mandant answers as a missing one. Creating and revoking are written to the protocol
 * (resource `storefront-secret-keys`, never the secret).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import {
  CreatedStorefrontSecretKey,
  CreateStorefrontSecretKeyRequest,
  MAX_STOREFRONT_SECRET_KEYS,
  SECRET_KEY_PREFIX,
  StorefrontSecretKeyRecord,
} from '../../core/api';
import { NoContent } from '../../core/api/schema';
import { msg } from '../../core/i18n/error-keys';
import { currentUser, requireAccess } from '../auth/authenticate';
import { hashToken, newShownOnceSecret } from '../auth/tokens';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { conflict, errorAnswers, notFound } from '../http/errors';
import { idSchema } from '../http/record-id';
import { scopeToMandant } from '../http/tenant-scope';
import { typed } from '../http/typed-routes';
import { recordChange } from '../audit/change';
import type { SessionUser } from '../../core/api';
import './schema';

/** Writing last_used_at on every order would be one more write per order; once a minute is enough to list it. */
const TOUCH_AFTER_MS = 60_000;

const RECORD_COLUMNS = ['id', 'storefront_id', 'name', 'hint', 'created_at', 'last_used_at'] as const;

const toRecord = (row: Record<(typeof RECORD_COLUMNS)[number], unknown>): StorefrontSecretKeyRecord => ({
  id: Number(row.id),
  storefront_id: Number(row.storefront_id),
  name: String(row.name),
  hint: String(row.hint),
  created_at: String(row.created_at),
  last_used_at: row.last_used_at === null ? null : String(row.last_used_at),
});

/** The storefront a secret key opens (live key, active storefront), or undefined; notes the key's use. */
export async function storefrontOfSecretKey(
  db: Kysely<DatabaseSchema>,
  key: string,
): Promise<{ storefrontId: number; mandantId: number } | undefined> {
  if (!key.startsWith(SECRET_KEY_PREFIX)) return undefined;
  const row = await db
    .selectFrom('storefront_secret_keys')
    .innerJoin('storefronts', 'storefronts.id', 'storefront_secret_keys.storefront_id')
    .select([
      'storefront_secret_keys.id',
      'storefront_secret_keys.last_used_at',
      'storefronts.id as storefront_id',
      'storefronts.mandant_id',
    ])
    .where('storefront_secret_keys.key_hash', '=', hashToken(key))
    .where('storefront_secret_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  if (!row.last_used_at || Date.now() - Date.parse(row.last_used_at) > TOUCH_AFTER_MS) {
    await db.updateTable('storefront_secret_keys').set({ last_used_at: isoNow() }).where('id', '=', row.id).execute();
  }
  return { storefrontId: Number(row.storefront_id), mandantId: Number(row.mandant_id) };
}

/** The user's storefront (its mandant's; a provider admin's: any); 404 otherwise. */
export async function findStorefront(db: Kysely<DatabaseSchema>, user: SessionUser, id: number) {
  const row = await scopeToMandant(db.selectFrom('storefronts'), user, 'mandant_id')
    .select(['id', 'mandant_id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(msg('errors.noRecord', { resource: 'storefronts', id }));
  return row;
}

const errorResponses = errorAnswers(400, 401, 403, 404, 409);
const StorefrontParams = Type.Object({ id: idSchema });
const KeyParams = Type.Object({ id: idSchema, keyId: idSchema });

export function registerStorefrontSecretKeyRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  const tags = ['storefronts'];

  api.get(
    '/api/storefronts/:id/secret-keys',
    {
      onRequest: [app.authenticate, requireAccess('read', 'storefronts')],
      schema: {
        tags,
        summary: 'A storefront’s secret keys (without the secrets), with their last use',
        params: StorefrontParams,
        response: { 200: Type.Array(StorefrontSecretKeyRecord), ...errorResponses },
      },
    },
    async (request): Promise<StorefrontSecretKeyRecord[]> => {
      const storefront = await findStorefront(db, currentUser(request), request.params.id);
      const rows = await db
        .selectFrom('storefront_secret_keys')
        .select(RECORD_COLUMNS)
        .where('storefront_id', '=', storefront.id)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRecord);
    },
  );

  api.post(
    '/api/storefronts/:id/secret-keys',
    {
      onRequest: [app.authenticate, requireAccess('update', 'storefronts')],
      schema: {
        tags,
        summary: 'Create a secret key for the shop’s server; the answer is the only time the key is shown',
        params: StorefrontParams,
        body: CreateStorefrontSecretKeyRequest,
        response: { 201: CreatedStorefrontSecretKey, ...errorResponses },
      },
    },
    async (request, reply): Promise<CreatedStorefrontSecretKey> => {
      const user = currentUser(request);
      const created = await db.transaction().execute(async (trx) => {
        const storefront = await findStorefront(trx, user, request.params.id);
        const live = await trx
          .selectFrom('storefront_secret_keys')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('storefront_id', '=', storefront.id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(live?.n ?? 0) >= MAX_STOREFRONT_SECRET_KEYS)
          throw conflict(msg('errors.storefronts.tooManySecretKeys', { max: MAX_STOREFRONT_SECRET_KEYS }));
        const key = newShownOnceSecret(SECRET_KEY_PREFIX);
        const row = await trx
          .insertInto('storefront_secret_keys')
          .values({
            storefront_id: storefront.id,
            mandant_id: storefront.mandant_id,
            name: request.body.name.trim(),
            key_hash: key.hash,
            hint: key.hint,
            created_by: user.id,
            created_at: isoNow(),
            last_used_at: null,
            revoked_at: null,
          })
          .returning(RECORD_COLUMNS)
          .executeTakeFirstOrThrow();
        const record = toRecord(row);
        await recordChange(trx, request, {
          action: 'created',
          resource: 'storefront-secret-keys',
          record,
          label: `${storefront.name}: ${record.name}`,
          mandantId: storefront.mandant_id,
        });
        return { ...record, key: key.value };
      });
      return reply.status(201).send(created);
    },
  );

  api.delete(
    '/api/storefronts/:id/secret-keys/:keyId',
    {
      onRequest: [app.authenticate, requireAccess('update', 'storefronts')],
      schema: {
        tags,
        summary: 'Revoke a storefront’s secret key (orders with it are refused at once)',
        params: KeyParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await db.transaction().execute(async (trx) => {
        const storefront = await findStorefront(trx, user, request.params.id);
        const row = await trx
          .updateTable('storefront_secret_keys')
          .set({ revoked_at: isoNow() })
          .where('id', '=', request.params.keyId)
          .where('storefront_id', '=', storefront.id)
          .where('revoked_at', 'is', null)
          .returning(RECORD_COLUMNS)
          .executeTakeFirst();
        if (!row)
          throw notFound(msg('errors.noRecord', { resource: 'storefront-secret-keys', id: request.params.keyId }));
        const record = toRecord(row);
        await recordChange(trx, request, {
          action: 'deleted',
          resource: 'storefront-secret-keys',
          record,
          label: `${storefront.name}: ${record.name}`,
          mandantId: storefront.mandant_id,
        });
      });
      return reply.status(204).send();
    },
  );
}
