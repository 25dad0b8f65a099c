/** Random bearer/reset tokens; only their SHA-256 digest is ever stored. */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { selectSessionUsers, toSessionUser } from './session-user';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new secret that is shown once (an API token, a storefront's secret key, a webhook's signing secret): `value` goes
 * into the one answer that carries it and never into another answer or the protocol; `hash` is what a table of bearer
 * secrets keeps and looks up; `hint`, its last four characters, tells secrets apart in a list.
 */
export function newShownOnceSecret(prefix: string): { value: string; hash: string; hint: string } {
  const value = `${prefix}${newToken()}`;
  return { value, hash: hashToken(value), hint: value.slice(-4) };
}

/** The tables that keep bearer secrets by their hash, each with the column that says when a secret was last used. */
const LAST_USE = { sessions: 'last_seen_at', api_tokens: 'last_used_at' } as const;

/**
 * The live row (neither revoked nor expired at `now`) a bearer secret names — a session or an API token — with its
 * user (null when deactivated), read in one query: every authenticated request runs it.
 */
export async function findLiveToken(
  db: Kysely<DatabaseSchema>,
  table: keyof typeof LAST_USE,
  token: string,
  now: string,
): Promise<{ id: number; last_used: string | null; user: SessionUser | null } | undefined> {
  const row = await selectSessionUsers(db)
    .innerJoin(sql.table(table).as('token'), (join) => join.on(sql<boolean>`token.user_id = users.id`))
    .select([
      sql<number>`token.id`.as('token_id'),
      sql<string | null>`token.${sql.ref(LAST_USE[table])}`.as('last_used'),
    ])
    .where(
      sql<boolean>`token.token_hash = ${hashToken(token)} and token.revoked_at is null and token.expires_at > ${now}`,
    )
    .executeTakeFirst();
  return row && { id: Number(row.token_id), last_used: row.last_used, user: toSessionUser(row) };
}
