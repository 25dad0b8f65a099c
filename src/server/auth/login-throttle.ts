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
 * Trusted devices (OWASP "device cookies", issue #32 finding 10): a successful sign-in leaves a random device token
 * in an HttpOnly cookie (login_devices keeps its hash and the accounts that signed in with it). An attempt for one of
 * those accounts that brings the cookie is counted on that device alone: failures of others — at the same address
 * (an office, a proxy), or an attacker claiming the owner's address through X-Forwarded-For — do not delay it, and
 * the lock-out grows only for the guessing side. A device that fails DEVICE_TRUST_FAILURES times in a row (a stolen
 * cookie used for guessing) loses its trust and is counted like any other client until its next success.
 *
 * The same counters, with scopes of their own, throttle the other places a password or a mailed token is guessed:
 * the current-password check of the profile (per account) and the invitation and reset links (per address).
 *
 * Nothing depends on whether the account exists: counters are keyed by the normalised e-mail as
 * typed, and an unknown address has no known addresses, exactly like a known account seen from a
 * new place. Refusals are answered as 429 with the wait, never by sleeping inside the server.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MIN_PASSWORD_LENGTH } from '../../core/api';
import { type ErrorKey, type ErrorMessage, msg } from '../../core/i18n/error-keys';
import type { DatabaseSchema, LoginThrottleTable } from '../db/schema';
import { badRequest, Refusal, tooMany } from '../refusals';
import { newToken } from './tokens';

type Scope = LoginThrottleTable['scope'];

/** Failures each counter takes before attempts have to wait. */
const FREE_FAILURES: Record<Scope, number> = { pair: 5, address: 30, account: 10, device: 5, password: 5, link: 10 };
/** Counters a success clears; the others only get the successful attempt's reservation back. */
const CLEARED_BY_SUCCESS: ReadonlySet<Scope> = new Set(['pair', 'device', 'password']);
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A counter without failures for this long starts afresh (longer than MAX_DELAY_MS, or waiting would reset it). */
const FORGET_AFTER_MS = 24 * 3_600_000;
const KNOWN_ADDRESS_DAYS = 180;
/** How long a device stays trusted after its last successful sign-in; also the cookie's lifetime. */
export const DEVICE_TRUST_DAYS = 180;
/** Failures in a row after which a device's cookie no longer counts (OWASP: lock out the device cookie). */
const DEVICE_TRUST_FAILURES = 10;

/**
 * The time the counters go by. Tests replace `now` to step through delays without sleeping, so that a loaded
 * machine can neither let a delay elapse early nor make a test wait for one.
 */
export const throttleClock = { now: (): number => Date.now() };

interface CounterKey {
  scope: Scope;
  email: string;
  ip: string;
}

export interface LoginClient {
  /** Normalised e-mail as typed, whether or not an account has it. */
  email: string;
  ip: string;
  /** The device cookie's token as the client sent it, if any. */
  deviceToken?: string | null;
}

export type Admission = { admitted: true; reserved: CounterKey[] } | { admitted: false; retryAfterSeconds: number };

export type LoginAdmission =
  | { admitted: true; reserved: CounterKey[]; client: LoginClient; trustedDevice: boolean }
  | { admitted: false; retryAfterSeconds: number };

/** How long attempts must wait after `failures` failures of a counter with `free` free ones. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  const doublings = failures - free;
  // 2^20 s is far beyond the cap; stopping there keeps the number finite.
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(doublings, 20), MAX_DELAY_MS);
}

const iso = (ms: number) => new Date(ms).toISOString();
const deviceHash = (token: string) => createHash('sha256').update(token).digest('hex');

function sortedKeys(keys: CounterKey[]): CounterKey[] {
  // One order for every transaction in every process (code units, not a locale's collation), so two attempts
  // never wait for each other's rows crosswise.
  const order = (key: CounterKey) => `${key.scope}\n${key.email}\n${key.ip}`;
  return [...keys].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

async function isKnownAddress(db: Kysely<DatabaseSchema>, client: LoginClient): Promise<boolean> {
  const row = await db
    .selectFrom('login_known_addresses')
    .select('email')
    .where('email', '=', client.email)
    .where('ip', '=', client.ip)
    .where('last_success_at', '>', iso(throttleClock.now() - KNOWN_ADDRESS_DAYS * 86_400_000))
    .executeTakeFirst();
  return row !== undefined;
}

/** The device counter of `client`, if it brings a cookie of a device that signed in to this account and is trusted. */
async function trustedDeviceKey(db: Kysely<DatabaseSchema>, client: LoginClient): Promise<CounterKey | null> {
  if (!client.deviceToken) return null;
  const key: CounterKey = { scope: 'device', email: client.email, ip: deviceHash(client.deviceToken) };
  const now = throttleClock.now();
  const device = await db
    .selectFrom('login_devices')
    .select('email')
    .where('token_hash', '=', key.ip)
    .where('email', '=', client.email)
    .where('last_success_at', '>', iso(now - DEVICE_TRUST_DAYS * 86_400_000))
    .executeTakeFirst();
  if (!device) return null;
  const counter = await db
    .selectFrom('login_throttle')
    .select(['failures', 'last_failure_at'])
    .where('scope', '=', key.scope)
    .where('email', '=', key.email)
    .where('ip', '=', key.ip)
    .executeTakeFirst();
  const failing =
    counter !== undefined &&
    Number(counter.failures) >= DEVICE_TRUST_FAILURES &&
    Date.parse(counter.last_failure_at) >= now - FORGET_AFTER_MS;
  return failing ? null : key;
}

/**
 * Reserves one attempt on the counters `keys` before the secret is checked: admitted (and counted as a failure of
 * each until `releaseAttempt`), or refused with the seconds to wait.
 */
export async function reserveAttempt(db: Kysely<DatabaseSchema>, unsorted: CounterKey[]): Promise<Admission> {
  const keys = sortedKeys(unsorted);
  return db.transaction().execute(async (trx) => {
    const now = throttleClock.now();
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
    return { admitted: true, reserved: keys };
  });
}

/**
 * The admitted attempt succeeded: the counters of its own side (pair, device, password) are cleared, the shared ones
 * (address, account, link) get only its reservation back — an attacker signing in to an account of their own must not
 * wipe out the failures counted against their address.
 */
export async function releaseAttempt(
  db: Kysely<DatabaseSchema>,
  admission: Extract<Admission, { admitted: true }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { scope, email, ip } of admission.reserved) {
      if (CLEARED_BY_SUCCESS.has(scope)) {
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
  });
}

/**
 * Reserves one sign-in attempt of `client` before its password is checked. A trusted device is counted on its own
 * counter only; any other client on the pair, and — unless it signed in from this address before — on the address and
 * account counters.
 */
export async function admitLoginAttempt(db: Kysely<DatabaseSchema>, client: LoginClient): Promise<LoginAdmission> {
  const device = await trustedDeviceKey(db, client);
  const keys: CounterKey[] = device ? [device] : [{ scope: 'pair', email: client.email, ip: client.ip }];
  if (!device && !(await isKnownAddress(db, client))) {
    keys.push({ scope: 'address', email: '', ip: client.ip }, { scope: 'account', email: client.email, ip: '' });
  }
  const admission = await reserveAttempt(db, keys);
  return admission.admitted ? { ...admission, client, trustedDevice: device !== null } : admission;
}

/**
 * The admitted attempt signed in: its reservation is released, the address remembered as known and the device as
 * trusted for the account. Answers the device token for the cookie: the one the client brought, or a new one.
 */
export async function recordLoginSuccess(
  db: Kysely<DatabaseSchema>,
  admission: Extract<LoginAdmission, { admitted: true }>,
): Promise<string> {
  const { client } = admission;
  const now = throttleClock.now();
  // A cookie is kept only if the server issued it (to any account of this browser); anything else gets a new token,
  // so nobody can make a device token of their choosing trusted.
  const issued =
    client.deviceToken &&
    (await db
      .selectFrom('login_devices')
      .select('email')
      .where('token_hash', '=', deviceHash(client.deviceToken))
      .executeTakeFirst());
  const deviceToken = issued ? client.deviceToken! : newToken();
  await releaseAttempt(db, admission);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_known_addresses')
      .values({ email: client.email, ip: client.ip, last_success_at: iso(now) })
      .onConflict((oc) => oc.columns(['email', 'ip']).doUpdateSet({ last_success_at: iso(now) }))
      .execute();
    await trx
      .insertInto('login_devices')
      .values({ token_hash: deviceHash(deviceToken), email: client.email, last_success_at: iso(now) })
      .onConflict((oc) => oc.columns(['token_hash', 'email']).doUpdateSet({ last_success_at: iso(now) }))
      .execute();
    // A device's failures end with its success, whichever counters the attempt was admitted on.
    await trx
      .deleteFrom('login_throttle')
      .where('scope', '=', 'device')
      .where('email', '=', client.email)
      .where('ip', '=', deviceHash(deviceToken))
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
  await db
    .deleteFrom('login_devices')
    .where('last_success_at', '<', iso(now - DEVICE_TRUST_DAYS * 86_400_000))
    .execute();
  return deviceToken;
}

/** The refusal's message: when to try again, in whole seconds or minutes (a plural message each). */
export function throttledMessage(retryAfterSeconds: number): ErrorMessage {
  if (retryAfterSeconds <= 1) return msg('errors.auth.throttledSeconds', { smart_count: 1 });
  if (retryAfterSeconds < 120) return msg('errors.auth.throttledSeconds', { smart_count: retryAfterSeconds });
  return msg('errors.auth.throttledMinutes', { smart_count: Math.ceil(retryAfterSeconds / 60) });
}

/** The 429 of a refused attempt, with Retry-After (which CORS exposes: the login page says how long to wait). */
export function throttled(reply: FastifyReply, retryAfterSeconds: number): Refusal {
  void reply.header('Retry-After', String(retryAfterSeconds));
  return tooMany(throttledMessage(retryAfterSeconds));
}

/** Reserves a check of a mailed link's token from the client's address (invitations, password resets); else 429. */
export async function admitLinkCheck(
  db: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Admission & { admitted: true }> {
  const admission = await reserveAttempt(db, [{ scope: 'link', email: '', ip: request.ip }]);
  if (!admission.admitted) throw throttled(reply, admission.retryAfterSeconds);
  return admission;
}

/**
 * The first step of a mailed link's password form (a password reset, an invitation): the new password long enough
 * (else 400 with `tooShort`), then the link's check admitted. Both come before the token is looked at and the
 * password hashed: a flood of made-up links costs no scrypt run and soon only a 429. The caller gives the reservation
 * back (`releaseAttempt`) once the token holds.
 */
export async function admitLinkPassword(
  db: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  reply: FastifyReply,
  password: string,
  tooShort: ErrorKey,
): Promise<Admission & { admitted: true }> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(tooShort, { password: msg('errors.auth.atLeastCharacters', { min: MIN_PASSWORD_LENGTH }) });
  }
  return admitLinkCheck(db, request, reply);
}

/** Reserves a check of a signed-in account's current password (the profile), counted per account. */
export function admitPasswordCheck(db: Kysely<DatabaseSchema>, email: string): Promise<Admission> {
  return reserveAttempt(db, [{ scope: 'password', email, ip: '' }]);
}
