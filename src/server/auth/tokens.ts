/** Random bearer/reset tokens; only their SHA-256 digest is ever stored. */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The tables that keep bearer secrets by their hash, each with the column that says when a secret was last used. */
const LAST_USE = { sessions: 'last_seen_at', api_tokens: 'last_used_at' } as const;

interface StoredTokenTable {
  id: number;
  user_id: number;
  token_hash: string;
  revoked_at: string | null;
  expires_at: string;
  last_seen_at: string | null;
  last_used_at: string | null;
}

/** The live row (neither revoked nor expired at `now`) a bearer secret names: a session or an API token. */
export function findLiveToken(
  db: Kysely<DatabaseSchema>,
  table: keyof typeof LAST_USE,
  token: string,
  now: string,
): Promise<{ id: number; user_id: number; last_used: string | null } | undefined> {
  return (db as unknown as Kysely<Record<keyof typeof LAST_USE, StoredTokenTable>>)
    .selectFrom(table)
    .select(['id', 'user_id', sql.ref<string | null>(LAST_USE[table]).as('last_used')])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
