/**
 * Personal API tokens: `kontor_pat_<random>` secrets a user creates for integrations. Only their SHA-256 is stored;
 * a token acts as its user (same role, same mandant) until it expires or is revoked.
 */
import type { Kysely } from 'kysely';
import { API_TOKEN_PREFIX, type ApiTokenRecord, type SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { findLiveToken, hashToken, newToken } from '../auth/tokens';

export interface ApiTokensTable {
  id: import('kysely').Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The shared schema plus this module's table (kept here so the token feature stays in one folder). */
export type ApiTokensDb = Kysely<DatabaseSchema & { api_tokens: ApiTokensTable }>;

export function withApiTokens(db: Kysely<DatabaseSchema>): ApiTokensDb {
  return db.withTables<{ api_tokens: ApiTokensTable }>();
}

/** Writing last_used_at on every call would turn each read into a write; once a minute is enough. */
const TOUCH_AFTER_MS = 60_000;
/** A user with more live tokens than this is cleaning up too little, not integrating more. */
export const MAX_TOKENS_PER_USER = 50;

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

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
  const token = `${API_TOKEN_PREFIX}${newToken()}`;
  const created_at = isoNow();
  const expires_at = isoNow(lifetimeDays * 86_400_000);
  const row = await db
    .insertInto('api_tokens')
    .values({
      user_id: userId,
      name,
      token_hash: hashToken(token),
      created_at,
      expires_at,
      last_used_at: null,
      revoked_at: null,
    })
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...row, token };
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

/** A live token's id and user, or null (unknown, expired, revoked, user or mandant deactivated). */
export async function resolveApiToken(
  db: ApiTokensDb,
  token: string,
): Promise<{ tokenId: number; user: SessionUser } | null> {
  const now = isoNow();
  const shared = db as unknown as Kysely<DatabaseSchema>;
  const row = await findLiveToken(shared, 'api_tokens', token, now);
  const user = row?.user;
  if (!row || !user) return null;
  if (!row.last_used || Date.now() - Date.parse(row.last_used) > TOUCH_AFTER_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return { tokenId: row.id, user };
}
