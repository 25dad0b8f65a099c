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
import {
  CreatedStorefrontSecretKey,
  CreateStorefrontSecretKeyRequest,
  MAX_STOREFRONT_SECRET_KEYS,
  SECRET_KEY_PREFIX,
  StorefrontSecretKeyRecord,
} from '../../core/api';
import { hashToken, newShownOnceSecret } from '../auth/tokens';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { registerCredentialRoutes, type StorefrontCredential } from './storefront-routes';
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

/** The shop server's keys: listed newest first, revoked rather than deleted (a revoked one is not listed). */
const secretKeys: StorefrontCredential<
  typeof CreateStorefrontSecretKeyRequest,
  string,
  StorefrontSecretKeyRecord,
  { key: string }
> = {
  path: 'secret-keys',
  idParam: 'keyId',
  resource: 'storefront-secret-keys',
  record: StorefrontSecretKeyRecord,
  body: CreateStorefrontSecretKeyRequest,
  created: CreatedStorefrontSecretKey,
  summaries: {
    list: 'A storefront’s secret keys (without the secrets), with their last use',
    create: 'Create a secret key for the shop’s server; the answer is the only time the key is shown',
    remove: 'Revoke a storefront’s secret key (orders with it are refused at once)',
  },
  max: MAX_STOREFRONT_SECRET_KEYS,
  tooMany: 'errors.storefronts.tooManySecretKeys',
  list: async (db, storefrontId) =>
    (
      await db
        .selectFrom('storefront_secret_keys')
        .select(RECORD_COLUMNS)
        .where('storefront_id', '=', storefrontId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map(toRecord),
  values: (body) => body.name.trim(),
  insert: async (trx, owner, name) => {
    const key = newShownOnceSecret(SECRET_KEY_PREFIX);
    const row = await trx
      .insertInto('storefront_secret_keys')
      .values({
        ...owner,
        name,
        key_hash: key.hash,
        hint: key.hint,
        last_used_at: null,
        revoked_at: null,
      })
      .returning(RECORD_COLUMNS)
      .executeTakeFirstOrThrow();
    return { record: toRecord(row), shown: { key: key.value } };
  },
  remove: async (trx, storefrontId, id) => {
    const row = await trx
      .updateTable('storefront_secret_keys')
      .set({ revoked_at: isoNow() })
      .where('id', '=', id)
      .where('storefront_id', '=', storefrontId)
      .where('revoked_at', 'is', null)
      .returning(RECORD_COLUMNS)
      .executeTakeFirst();
    return row && toRecord(row);
  },
  name: (record) => record.name,
};

export function registerStorefrontSecretKeyRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  registerCredentialRoutes(app, db, secretKeys);
}
