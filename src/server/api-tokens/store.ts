/**
 * Personal API tokens: `kontor_pat_<random>` secrets a user creates for integrations. Only their SHA-256 is stored;
 * a token acts as its user (same role, same mandant) until it expires or is revoked.
 */
import { API_TOKEN_PREFIX, type ApiTokenRecord } from '../../core/api';
import { isoNow } from '../db/values';
import type { ApiTokensDb } from '../auth/api-token-lookup';
import { newShownOnceSecret } from '../auth/tokens';

export { withApiTokens } from '../auth/api-token-lookup';

/** A user with more live tokens than this is cleaning up too little, not integrating more. */
export const MAX_TOKENS_PER_USER = 50;

const RECORD_COLUMNS = ['id', 'name', 'created_at', 'expires_at', 'last_used_at'] as const;

/** The user's tokens that can still be used or are merely expired (revoked ones are gone for good), newest first. */
export async function listApiTokens(db: ApiTokensDb, userId: number): Promise<ApiTokenRecord[]> {
  return db
    .selectFrom('api_tokens')
    .select(RECORD_COLUMNS)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countLiveApiTokens(db: ApiTokensDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', isoNow())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function createApiToken(
  db: ApiTokensDb,
  userId: number,
  name: string,
  lifetimeDays: number,
): Promise<ApiTokenRecord & { token: string }> {
  const secret = newShownOnceSecret(API_TOKEN_PREFIX);
  const created_at = isoNow();
  const expires_at = isoNow(lifetimeDays * 86_400_000);
  const row = await db
    .insertInto('api_tokens')
    .values({
      user_id: userId,
      name,
      token_hash: secret.hash,
      created_at,
      expires_at,
      last_used_at: null,
      revoked_at: null,
    })
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...row, token: secret.value };
}

/** Revokes one of the user's tokens; answers it, or null if the user has no such token that is not revoked yet. */
export async function revokeApiToken(db: ApiTokensDb, userId: number, tokenId: number): Promise<ApiTokenRecord | null> {
  const row = await db
    .updateTable('api_tokens')
    .set({ revoked_at: isoNow() })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(RECORD_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}
