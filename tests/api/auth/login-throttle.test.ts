/**
 * Login throttling (issue #17, findings 6 and 7): attackers are slowed down per address-and-account
 * pair, per address and per account with growing delays, while the owner signing in from elsewhere
 * (or from an address they used before) is not refused; attempts sent at the same moment are
 * counted before the password check; a device that signed in before keeps its owner in (issue #32, finding 10).
 * Client addresses come from X-Forwarded-For (TRUST_PROXY=true); each test uses addresses and accounts of its own so
 * the counters of one do not touch another. The throttle's clock stands still during each test and is moved on by
 * hand, and requests go through app.inject: a loaded machine can neither let a delay run out early nor time a burst
 * out.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { throttleClock } from '../../../src/server/auth/login-throttle';
import { migrationProvider } from '../../../src/server/db/schema-migrations';
import { DEMO_PASSWORD, describeEachDatabase, type ApiResponse, type TestContext } from '../harness';

interface Attempt {
  email: string;
  password?: string;
  ip: string;
  /** The device cookie's value, as a browser that signed in before sends it. */
  device?: string;
  language?: string;
}

type LoginAnswer = ApiResponse<{ token?: string; message?: string }> & { device: string | null };

async function attempt(
  ctx: TestContext,
  { email, password = 'wrong-password', ip, device, language }: Attempt,
): Promise<LoginAnswer> {
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  if (device) headers.cookie = `kontor_device=${device}`;
  if (language) headers['accept-language'] = language;
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const cookie = /kontor_device=([^;]+)/.exec(answerHeaders.get('set-cookie') ?? '');
  return { status: res.statusCode, headers: answerHeaders, body: res.json(), device: cookie ? cookie[1]! : null };
}

/** The throttle's clock, standing still unless moved on. */
let clockMs = 0;
const advance = (ms: number) => {
  clockMs += ms;
};

async function statusesOf(responses: Promise<ApiResponse[]>): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const res of await responses) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

const retryAfter = (res: ApiResponse) => Number(res.headers.get('retry-after'));

/** A user of its own for one test (with the demo password), so account counters of different tests stay apart. */
async function newUser(ctx: TestContext, email: string): Promise<void> {
  const { password_hash } = await ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', 'viewer@muster.example')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await ctx.db
    .insertInto('users')
    .values({
      email,
      name: email,
      role: 'viewer',
      language: 'en',
      mandant_id: await ctx.mandantId('muster'),
      password_hash,
      active: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

function freezeThrottleClock(): void {
  beforeEach(() => {
    clockMs = Date.now();
    throttleClock.now = () => clockMs;
  });
  afterEach(() => {
    throttleClock.now = () => Date.now();
  });
}

describeEachDatabase(
  'login throttling',
  (ctx) => {
    freezeThrottleClock();

    it('lets the owner sign in from another address after 10 wrong passwords from an attacker’s address', async () => {
      const email = 'viewer@muster.example';
      const attacker = '203.0.113.10';
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await attempt(ctx, { email, ip: attacker })).status);
      // Five guesses reach the password check; then the attacker has to wait (1 s, 2 s, 4 s … between guesses).
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual(Array(7).fill(429));
      // The owner, on an address never used before, is not refused.
      const owner = await attempt(ctx, { email, password: DEMO_PASSWORD, ip: '198.51.100.20' });
      expect(owner.status).toBe(200);
    });

    it('answers a throttled attempt with 429, Retry-After and a translated message saying when, growing per failure', async () => {
      const email = 'editor@muster.example';
      const ip = '203.0.113.11';
      for (let i = 0; i < 5; i++) expect((await attempt(ctx, { email, ip })).status).toBe(401);
      const first = await attempt(ctx, { email, ip });
      expect(first.status).toBe(429);
      expect(retryAfter(first)).toBe(1);
      expect(first.body.message).toBe(
        'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 1 Sekunde erneut.',
      );
      advance(1100);
      expect((await attempt(ctx, { email, ip })).status).toBe(401);
      const second = await attempt(ctx, { email, password: DEMO_PASSWORD, ip, language: 'fr' });
      expect(second.status).toBe(429);
      expect(retryAfter(second)).toBe(2);
      expect(second.body.message).toBe('Trop de tentatives de connexion échouées. Veuillez réessayer dans 2 secondes.');
      // After waiting, the right password signs in and clears the pair's count: five free attempts again.
      advance(2100);
      expect((await attempt(ctx, { email, password: DEMO_PASSWORD, ip })).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await attempt(ctx, { email, ip })).status).toBe(401);
      expect((await attempt(ctx, { email, ip })).status).toBe(429);
    });

    it('throttles an unknown address exactly like a known one', async () => {
      const run = async (email: string, ip: string) => {
        const out: Array<[number, string | null, string | undefined]> = [];
        for (let i = 0; i < 8; i++) {
          const res = await attempt(ctx, { email, ip });
          out.push([res.status, res.headers.get('retry-after'), res.body.message]);
        }
        return out;
      };
      const known = await run('admin@muster.example', '203.0.113.12');
      const unknown = await run('ghost@nowhere.example', '203.0.113.13');
      expect(unknown).toEqual(known);
      expect(known.map(([status]) => status)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    });

    it('slows down many failed logins from one address with growing delays, without refusing other addresses', async () => {
      const ip = '203.0.113.14';
      // Sent together (the clock stands still, so exactly the 30 free ones reach the password check), to keep it quick.
      const sprayed = await Promise.all(
        Array.from({ length: 30 }, (_, i) => attempt(ctx, { email: `sprayed${i}@nowhere.example`, ip })),
      );
      expect(sprayed.map((res) => res.status)).toEqual(Array(30).fill(401));
      const next = await attempt(ctx, { email: 'sprayed-more@nowhere.example', ip });
      expect(next.status).toBe(429);
      // A correct login from another address is not refused.
      expect(
        (await attempt(ctx, { email: 'viewer@printco.example', password: DEMO_PASSWORD, ip: '198.51.100.21' })).status,
      ).toBe(200);
      // From the sprayed address, an account never used there waits a short, growing delay — not 15 minutes.
      await newUser(ctx, 'colleague@muster.example');
      const colleague = await attempt(ctx, { email: 'colleague@muster.example', password: DEMO_PASSWORD, ip });
      expect(colleague.status).toBe(429);
      expect(retryAfter(colleague)).toBeLessThanOrEqual(1);
      advance(1100);
      expect((await attempt(ctx, { email: 'colleague@muster.example', password: DEMO_PASSWORD, ip })).status).toBe(200);
      // The address stays throttled, but the colleague has signed in from it now: its budget no longer applies to them.
      expect((await attempt(ctx, { email: 'sprayed-again@nowhere.example', ip })).status).toBe(429);
      expect((await attempt(ctx, { email: 'colleague@muster.example', password: DEMO_PASSWORD, ip })).status).toBe(200);
    });

    it('counts guesses sent at the same moment before the password check: 59 wrong and the right one last get no token', async () => {
      await newUser(ctx, 'target@muster.example');
      const ip = '203.0.113.15';
      const requests = Array.from({ length: 60 }, (_, i) =>
        attempt(ctx, { email: 'target@muster.example', password: i === 59 ? DEMO_PASSWORD : `guess-${i}`, ip }),
      );
      const responses = await Promise.all(requests);
      const checked = responses.filter((r) => r.status === 401 || r.status === 200).length;
      // Five free attempts; the clock stands still, so no delay elapses while the burst is served.
      expect(checked).toBe(5);
      expect(responses.filter((r) => r.status === 429).length).toBe(60 - checked);
      expect(responses[59]!.status).toBe(429);
      for (const res of responses.filter((r) => r.status === 429)) expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
    });

    it('answers all but the free share of 60 simultaneous wrong attempts on one account from one address with 429', async () => {
      const oneAccount = statusesOf(
        Promise.all(
          Array.from({ length: 60 }, () => attempt(ctx, { email: 'admin@printco.example', ip: '203.0.113.16' })),
        ),
      );
      expect(await oneAccount).toEqual({ 401: 5, 429: 55 });
    });

    it('answers all but the free share of 60 simultaneous wrong attempts on many accounts from one address with 429', async () => {
      const spraying = statusesOf(
        Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            attempt(ctx, { email: `spray${i}@nowhere.example`, ip: '203.0.113.17' }),
          ),
        ),
      );
      expect(await spraying).toEqual({ 401: 30, 429: 30 });
    });

    it('answers all but the free share of 60 simultaneous wrong attempts on one account from many addresses with 429', async () => {
      // A distributed guesser: one account from 60 addresses.
      const owner = 'editor@printco.example';
      expect((await attempt(ctx, { email: owner, password: DEMO_PASSWORD, ip: '198.51.100.22' })).status).toBe(200);
      const distributed = await Promise.all(
        Array.from({ length: 60 }, (_, i) => attempt(ctx, { email: owner, ip: `192.0.2.${i + 1}` })),
      );
      const counts = await statusesOf(Promise.resolve(distributed));
      expect(counts).toEqual({ 401: 10, 429: 50 });
      expect(distributed.filter((r) => r.status === 429).every((r) => retryAfter(r) >= 1)).toBe(true);
      // The owner on the address they signed in from before is not refused.
      expect((await attempt(ctx, { email: owner, password: DEMO_PASSWORD, ip: '198.51.100.22' })).status).toBe(200);
    });

    it('lets the owner’s device in despite ten wrong passwords from the same address; the guesser stays locked out', async () => {
      await newUser(ctx, 'owner@muster.example');
      const email = 'owner@muster.example';
      const office = '203.0.113.40';
      // The owner signed in from this browser before: it keeps the device cookie.
      const first = await attempt(ctx, { email, password: DEMO_PASSWORD, ip: office });
      expect(first.status).toBe(200);
      expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/);
      expect(first.headers.get('set-cookie')).toMatch(/SameSite=Strict/);
      const device = first.device!;
      // Someone at the same address (or claiming it through X-Forwarded-For) guesses ten times.
      const guesses: number[] = [];
      for (let i = 0; i < 10; i++) guesses.push((await attempt(ctx, { email, ip: office })).status);
      expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(guesses.slice(5)).toEqual(Array(5).fill(429));
      // The right password from the owner's device passes at once, again and again.
      expect((await attempt(ctx, { email, password: DEMO_PASSWORD, ip: office, device })).status).toBe(200);
      expect((await attempt(ctx, { email, password: DEMO_PASSWORD, ip: office, device })).status).toBe(200);
      // The guessing side stays refused, its wait growing with every guess it is let through for.
      const before = await attempt(ctx, { email, ip: office });
      expect(before.status).toBe(429);
      advance(retryAfter(before) * 1000);
      expect((await attempt(ctx, { email, ip: office })).status).toBe(401);
      const after = await attempt(ctx, { email, ip: office });
      expect(after.status).toBe(429);
      expect(retryAfter(after)).toBeGreaterThan(retryAfter(before));
      // Without the device, even the right password waits like the guesser.
      expect((await attempt(ctx, { email, password: DEMO_PASSWORD, ip: office })).status).toBe(429);
    });

    it('trusts a device only for accounts that signed in with it, and only until it guesses', async () => {
      await newUser(ctx, 'trusting@muster.example');
      await newUser(ctx, 'guesser@muster.example');
      const ip = '203.0.113.41';
      // A device cookie of the guesser's own account does not help against another account.
      const own = await attempt(ctx, { email: 'guesser@muster.example', password: DEMO_PASSWORD, ip });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await attempt(ctx, { email: 'trusting@muster.example', ip, device: own.device! })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // A made-up cookie neither.
      expect((await attempt(ctx, { email: 'trusting@muster.example', ip, device: 'made-up-device' })).status).toBe(429);
      // The owner's own device mistyping is slowed down on its own counter after five failures: a short wait.
      const ownerDevice = (
        await attempt(ctx, { email: 'trusting@muster.example', password: DEMO_PASSWORD, ip: '198.51.100.44' })
      ).device!;
      for (let i = 0; i < 5; i++) {
        expect((await attempt(ctx, { email: 'trusting@muster.example', ip, device: ownerDevice })).status).toBe(401);
      }
      const mistyped = await attempt(ctx, {
        email: 'trusting@muster.example',
        password: DEMO_PASSWORD,
        ip,
        device: ownerDevice,
      });
      expect(mistyped.status).toBe(429);
      expect(retryAfter(mistyped)).toBe(1);
      advance(1000);
      expect(
        (await attempt(ctx, { email: 'trusting@muster.example', password: DEMO_PASSWORD, ip, device: ownerDevice }))
          .status,
      ).toBe(200);
      // A device keeps its token; a cookie the server never issued is replaced, so nobody can choose a trusted token.
      const again = await attempt(ctx, {
        email: 'trusting@muster.example',
        password: DEMO_PASSWORD,
        ip: '198.51.100.44',
        device: ownerDevice,
      });
      expect(again.device).toBe(ownerDevice);
      const chosen = 'chosen-by-someone-else-0123456789';
      const fixated = await attempt(ctx, {
        email: 'trusting@muster.example',
        password: DEMO_PASSWORD,
        ip: '198.51.100.45',
        device: chosen,
      });
      expect(fixated.status).toBe(200);
      expect(fixated.device).not.toBe(chosen);
    });

    it('forgets a counter a day after its last failure', async () => {
      const email = 'viewer@muster.example';
      const ip = '203.0.113.18';
      for (let i = 0; i < 6; i++) await attempt(ctx, { email, ip });
      expect((await attempt(ctx, { email, ip })).status).toBe(429);
      const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
      await ctx.db
        .updateTable('login_throttle')
        .set({ last_failure_at: dayAgo, blocked_until: dayAgo })
        .where((eb) => eb.or([eb('ip', '=', ip), eb('email', '=', email)]))
        .execute();
      for (let i = 0; i < 5; i++) expect((await attempt(ctx, { email, ip })).status).toBe(401);
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);

describeEachDatabase(
  'login throttling behind a listed proxy',
  (ctx) => {
    it('counts by the address the trusted proxy saw, however the client fills X-Forwarded-For', async () => {
      // 127.0.0.1 (the test client) plays the proxy, which appends the address it saw: the client's own entries come first.
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await ctx.request('POST', '/api/auth/login', {
          body: { email: 'viewer@muster.example', password: 'wrong-password' },
          headers: { 'x-forwarded-for': `10.9.8.${i}, 203.0.113.60` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const pair = await ctx.db.selectFrom('login_throttle').select('ip').where('scope', '=', 'pair').execute();
      expect(pair.map((row) => row.ip)).toEqual(['203.0.113.60']);
    });

    it('lets a browser on another origin read Retry-After', async () => {
      const res = await ctx.request('POST', '/api/auth/login', {
        body: { email: 'viewer@muster.example', password: 'wrong-password' },
        headers: { 'x-forwarded-for': '203.0.113.60', origin: 'https://elsewhere.example' },
      });
      expect(res.status).toBe(429);
      expect(res.headers.get('access-control-expose-headers')).toMatch(/Retry-After/i);
    });
  },
  { env: { TRUST_PROXY: '127.0.0.1', CORS_ORIGINS: 'https://elsewhere.example' } },
);

describeEachDatabase(
  'login throttling after the upgrade from login_attempts (0019)',
  (ctx) => {
    it('keeps old successes as known addresses and the failures the old limit still counted', async () => {
      const migrator = new Migrator({ db: ctx.db, provider: migrationProvider });
      expect((await migrator.migrateTo('0017_tag_row_writers')).error).toBeUndefined();
      // The schema of before 0019, which today's types no longer describe.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const old = ctx.db as unknown as Kysely<any>;
      await old.deleteFrom('login_attempts').execute();
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
      const owner = 'viewer@printco.example';
      await old
        .insertInto('login_attempts')
        .values([
          { email: owner, ip: '198.51.100.30', at: ago(60), success: true },
          ...Array.from({ length: 6 }, () => ({ email: owner, ip: '203.0.113.30', at: ago(5), success: false })),
          { email: owner, ip: '198.51.100.30', at: ago(2), success: false },
          // Outside the old 15-minute window: no longer counted.
          { email: owner, ip: '203.0.113.31', at: ago(30), success: false },
          // Failures followed by a success of the same pair: cleared.
          { email: 'admin@printco.example', ip: '192.0.2.30', at: ago(10), success: false },
          { email: 'admin@printco.example', ip: '192.0.2.30', at: ago(5), success: true },
        ])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const known = await ctx.db.selectFrom('login_known_addresses').select(['email', 'ip']).orderBy('email').execute();
      expect(known).toEqual([
        { email: 'admin@printco.example', ip: '192.0.2.30' },
        { email: owner, ip: '198.51.100.30' },
      ]);
      const counters = await ctx.db
        .selectFrom('login_throttle')
        .select(['scope', 'email', 'ip', 'failures'])
        .orderBy('scope')
        .orderBy('ip')
        .execute();
      expect(counters.map((c) => ({ ...c, failures: Number(c.failures) }))).toEqual([
        // The known address's failure does not count against the account.
        { scope: 'account', email: owner, ip: '', failures: 6 },
        { scope: 'address', email: '', ip: '198.51.100.30', failures: 1 },
        { scope: 'address', email: '', ip: '203.0.113.30', failures: 6 },
        { scope: 'pair', email: owner, ip: '198.51.100.30', failures: 1 },
        { scope: 'pair', email: owner, ip: '203.0.113.30', failures: 6 },
      ]);
      // The attack under way goes on being slowed down; the owner at their known address signs in.
      expect((await attempt(ctx, { email: owner, ip: '203.0.113.30' })).status).toBe(401);
      expect((await attempt(ctx, { email: owner, ip: '203.0.113.30' })).status).toBe(429);
      expect((await attempt(ctx, { email: owner, password: DEMO_PASSWORD, ip: '198.51.100.30' })).status).toBe(200);
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
