/**
 * Login throttling that slows guessers down without letting anyone lock the owner out.
 *
 * Every sign-in attempt reserves itself before the (slow) password check: one transaction creates
 * or locks the counter rows it is subject to, refuses if any of them is still blocked, and otherwise
 * counts the attempt as a failure in each of them. Guesses sent at the same moment therefore queue
 * on the counter rows and cannot all pass a check that none of them has counted yet; because the
 * counters live in the database, every process on one PostgreSQL (or one SQLite file) shares them.
 * A successful sign-in gives its reservation back. A process that dies between reservation and
 * password check leaves a failure counted, which errs on the safe side.
 *
 * The counters (scopes):
 * - pair (account, client address): what a guesser from one address meets. PAIR_FREE failures,
 *   then each further attempt waits 1 s, 2 s, 4 s … up to 15 minutes. A success clears it.
 * - address: many accounts tried from one address (password spraying); a larger budget, because
 *   many honest users may share an address (an office, a proxy without TRUST_PROXY).
 * - account: one account tried from many addresses (a distributed guesser).
 * The address and account budgets do not apply to an address from which the account has signed in
 * successfully before (login_known_addresses, kept KNOWN_ADDRESS_DAYS). So the owner signing in
 * from a familiar address is never refused because of what others did elsewhere or behind the same
 * address; only their own pair counter applies. An owner on a never-used address may be slowed
 * down while a distributed attack on their account runs — the price of slowing that attack at all.
 *
 * Nothing depends on whether the account exists: counters are keyed by the normalised e-mail as
 * typed, and an unknown address has no known addresses, exactly like a known account seen from a
 * new place. Refusals are answered as 429 with the wait, never by sleeping inside the server.
 */
import type { Kysely } from 'kysely';
import { type ErrorMessage, msg } from '../../core/i18n/error-keys';
import type { DatabaseSchema, LoginThrottleTable } from '../db/schema';

type Scope = LoginThrottleTable['scope'];

/** Failures each counter takes before attempts have to wait. */
const FREE_FAILURES: Record<Scope, number> = { pair: 5, address: 30, account: 10 };
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A counter without failures for this long starts afresh (longer than MAX_DELAY_MS, or waiting would reset it). */
const FORGET_AFTER_MS = 24 * 3_600_000;
const KNOWN_ADDRESS_DAYS = 180;

interface CounterKey {
  scope: Scope;
  email: string;
  ip: string;
}

export interface LoginClient {
  /** Normalised e-mail as typed, whether or not an account has it. */
  email: string;
  ip: string;
}

export type LoginAdmission =
  { admitted: true; client: LoginClient; reserved: CounterKey[] } | { admitted: false; retryAfterSeconds: number };

/** How long attempts must wait after `failures` failures of a counter with `free` free ones. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  const doublings = failures - free;
  // 2^20 s is far beyond the cap; stopping there keeps the number finite.
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(doublings, 20), MAX_DELAY_MS);
}

const iso = (ms: number) => new Date(ms).toISOString();

function counterKeys(client: LoginClient, knownAddress: boolean): CounterKey[] {
  const keys: CounterKey[] = [{ scope: 'pair', email: client.email, ip: client.ip }];
  if (!knownAddress) {
    keys.push({ scope: 'address', email: '', ip: client.ip }, { scope: 'account', email: client.email, ip: '' });
  }
  // One order for every transaction in every process (code units, not a locale's collation), so two attempts
  // never wait for each other's rows crosswise.
  const order = (key: CounterKey) => `${key.scope}\n${key.email}\n${key.ip}`;
  return keys.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

async function isKnownAddress(db: Kysely<DatabaseSchema>, client: LoginClient): Promise<boolean> {
  const row = await db
    .selectFrom('login_known_addresses')
    .select('email')
    .where('email', '=', client.email)
    .where('ip', '=', client.ip)
    .where('last_success_at', '>', iso(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Reserves one sign-in attempt of `client` before its password is checked: admitted (and counted
 * as a failure until `recordLoginSuccess`), or refused with the seconds to wait.
 */
export async function admitLoginAttempt(db: Kysely<DatabaseSchema>, client: LoginClient): Promise<LoginAdmission> {
  const keys = counterKeys(client, await isKnownAddress(db, client));
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    // Creates missing counters and locks all of them (a no-op update takes the row lock on PostgreSQL;
    // on SQLite the transaction's first write takes the database's write lock).
    const rows = await trx
      .insertInto('login_throttle')
      .values(keys.map((key) => ({ ...key, failures: 0, last_failure_at: iso(now), blocked_until: iso(0) })))
      .onConflict((oc) =>
        oc.columns(['scope', 'email', 'ip']).doUpdateSet((eb) => ({ failures: eb.ref('login_throttle.failures') })),
      )
      .returningAll()
      .execute();
    const blockedUntil = Math.max(...rows.map((row) => Date.parse(row.blocked_until)));
    if (blockedUntil > now) {
      return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil - now) / 1000)) };
    }
    for (const row of rows) {
      const fresh = Date.parse(row.last_failure_at) < now - FORGET_AFTER_MS;
      const failures = (fresh ? 0 : Number(row.failures)) + 1;
      await trx
        .updateTable('login_throttle')
        .set({
          failures,
          last_failure_at: iso(now),
          blocked_until: iso(now + delayAfter(failures, FREE_FAILURES[row.scope])),
        })
        .where('scope', '=', row.scope)
        .where('email', '=', row.email)
        .where('ip', '=', row.ip)
        .execute();
    }
    return { admitted: true, client, reserved: keys };
  });
}

/**
 * The admitted attempt signed in: its pair counter is cleared, its reservation in the address and
 * account counters given back (only one: an attacker signing in to an account of their own must not
 * wipe out the failures counted against their address), and the address remembered as known.
 */
export async function recordLoginSuccess(
  db: Kysely<DatabaseSchema>,
  admission: Extract<LoginAdmission, { admitted: true }>,
): Promise<void> {
  const { client, reserved } = admission;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const { scope, email, ip } of reserved) {
      if (scope === 'pair') {
        await trx
          .deleteFrom('login_throttle')
          .where('scope', '=', scope)
          .where('email', '=', email)
          .where('ip', '=', ip)
          .execute();
      } else {
        await trx
          .updateTable('login_throttle')
          .set((eb) => ({ failures: eb('failures', '-', 1) }))
          .where('scope', '=', scope)
          .where('email', '=', email)
          .where('ip', '=', ip)
          .where('failures', '>', 0)
          .execute();
      }
    }
    await trx
      .insertInto('login_known_addresses')
      .values({ email: client.email, ip: client.ip, last_success_at: iso(now) })
      .onConflict((oc) => oc.columns(['email', 'ip']).doUpdateSet({ last_success_at: iso(now) }))
      .execute();
  });
  // Housekeeping rides on successful sign-ins: rare enough to cost nothing, frequent enough to keep the tables small.
  await db
    .deleteFrom('login_throttle')
    .where('last_failure_at', '<', iso(now - FORGET_AFTER_MS))
    .execute();
  await db
    .deleteFrom('login_known_addresses')
    .where('last_success_at', '<', iso(now - KNOWN_ADDRESS_DAYS * 86_400_000))
    .execute();
}

/** The refusal's message: when to try again, in whole seconds or minutes (a plural message each). */
export function throttledMessage(retryAfterSeconds: number): ErrorMessage {
  if (retryAfterSeconds <= 1) return msg('errors.auth.throttledSeconds', { smart_count: 1 });
  if (retryAfterSeconds < 120) return msg('errors.auth.throttledSeconds', { smart_count: retryAfterSeconds });
  return msg('errors.auth.throttledMinutes', { smart_count: Math.ceil(retryAfterSeconds / 60) });
}
