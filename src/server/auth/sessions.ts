/**
 * Server-side sessions: the client holds a random bearer token, the database only its SHA-256.
 * Sessions expire after SESSION_TTL_HOURS without use, are renewed on use and can be revoked.
 */
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { findLiveToken, hashToken, newToken } from './tokens';
import { withApiTokens } from './api-token-lookup';

/** Renewing on every request would write on every read; once a minute is enough for sliding expiry. */
const RENEW_AFTER_MS = 60_000;

export interface ResolvedSession {
  sessionId: number;
  user: SessionUser;
}

export async function createSession(
  db: Kysely<DatabaseSchema>,
  userId: number,
  ttlHours: number,
  userAgent: string | null,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const now = isoNow();
  // Housekeeping on sign-in keeps the table small without a background job.
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', 'is not', null)]))
    .execute();
  const expiresAt = isoNow(ttlHours * 3_600_000);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
      revoked_at: null,
      user_agent: userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

export async function resolveSession(
  db: Kysely<DatabaseSchema>,
  token: string,
  ttlHours: number,
): Promise<ResolvedSession | null> {
  const now = isoNow();
  const session = await findLiveToken(db, 'sessions', token, now);
  const user = session?.user;
  if (!user) return null;
  if (Date.now() - Date.parse(session.last_used!) > RENEW_AFTER_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: isoNow(ttlHours * 3_600_000) })
      .where('id', '=', session.id)
      .execute();
  }
  return { sessionId: session.id, user };
}

export async function revokeSession(db: Kysely<DatabaseSchema>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: isoNow() }).where('id', '=', sessionId).execute();
}

/** Revokes every open session of a user, except optionally the one making the request. */
async function revokeUserSessions(db: Kysely<DatabaseSchema>, userId: number, exceptSessionId?: number): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: isoNow() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

/**
 * A new password ends what the old one let in: every session and every API token of the user except the credential
 * that made the change (`keep`), and, if the user chose so, their API tokens (integrations keep running).
 */
export async function revokeCredentials(
  db: Kysely<DatabaseSchema>,
  userId: number,
  keep: { sessionId?: number | null; apiTokenId?: number | null; apiTokens?: boolean } = {},
): Promise<void> {
  await revokeUserSessions(db, userId, keep.sessionId ?? undefined);
  if (keep.apiTokens) return;
  let tokens = withApiTokens(db)
    .updateTable('api_tokens')
    .set({ revoked_at: isoNow() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep.apiTokenId != null) tokens = tokens.where('id', '!=', keep.apiTokenId);
  await tokens.execute();
}
