/**
 * Login rate limit, counted in the database so several Kontor processes share it: more than
 * MAX_FAILURES_PER_EMAIL failures for one address, or MAX_FAILURES_PER_IP from one client, within
 * the window blocks further attempts until older failures leave the window.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { isoNow, toCount } from '../db/values';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 30;
/** Attempts older than this are deleted; they no longer count for anything. */
const KEEP_ATTEMPTS_MS = 24 * 3_600_000;

async function failuresSince(db: Kysely<DatabaseSchema>, column: 'email' | 'ip', value: string, since: string) {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(column, '=', value)
    .where('at', '>', since)
    .where('success', '=', false)
    .executeTakeFirst();
  return toCount(row?.n);
}

export async function isLoginBlocked(db: Kysely<DatabaseSchema>, email: string, ip: string): Promise<boolean> {
  const since = isoNow(-LOGIN_WINDOW_MS);
  return (
    (await failuresSince(db, 'email', email, since)) >= MAX_FAILURES_PER_EMAIL ||
    (await failuresSince(db, 'ip', ip, since)) >= MAX_FAILURES_PER_IP
  );
}

export async function recordLoginAttempt(
  db: Kysely<DatabaseSchema>,
  email: string,
  ip: string,
  success: boolean,
): Promise<void> {
  await db.insertInto('login_attempts').values({ email, ip, at: isoNow(), success }).execute();
  if (!success) return;
  await db.deleteFrom('login_attempts').where('at', '<', isoNow(-KEEP_ATTEMPTS_MS)).execute();
}
