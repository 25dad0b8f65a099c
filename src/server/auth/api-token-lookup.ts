/**
 * The api_tokens table as authentication reads it: a bearer token with the personal-token prefix is looked up here
 * (`authenticate.ts`). Creating, listing and revoking tokens is the api-tokens module's (`api-tokens/store.ts`).
 */
import type { Kysely } from 'kysely';
import { API_TOKEN_PREFIX, type SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { findLiveToken } from './tokens';

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

/** The shared schema plus the api_tokens table (declared here, where authentication reads it). */
export type ApiTokensDb = Kysely<DatabaseSchema & { api_tokens: ApiTokensTable }>;

export function withApiTokens(db: Kysely<DatabaseSchema>): ApiTokensDb {
  return db.withTables<{ api_tokens: ApiTokensTable }>();
}

/** Writing last_used_at on every call would turn each read into a write; once a minute is enough. */
const TOUCH_AFTER_MS = 60_000;

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
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
