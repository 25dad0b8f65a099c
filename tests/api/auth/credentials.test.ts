/**
 * Credentials end with their reason (issue #32, findings 5–8): a new password ends the sessions and API tokens the
 * old one gave (tokens may be kept by choice), an invitation ends with its inviter's rights, the link routes look at
 * the token before they hash a password and are throttled, and the profile's current-password check is throttled.
 * Client addresses come from X-Forwarded-For (TRUST_PROXY=true), one per test, so the link counters stay apart.
 */
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { afterEach, expect, it, vi } from 'vitest';
import type { CreatedApiToken } from '../../../src/core/api';
import { throttleClock } from '../../../src/server/auth/login-throttle';
import { DEMO_PASSWORD, describeEachDatabase, type TestContext } from '../harness';
import { invitationToken, inviteUser } from '../invite';

async function apiToken(ctx: TestContext, session: string, name = 'ERP'): Promise<string> {
  const res = await ctx.request<CreatedApiToken>('POST', '/api/auth/tokens', {
    token: session,
    body: { name, expires_in_days: 30 },
  });
  expect(res.status).toBe(201);
  return res.body.token;
}

const me = async (ctx: TestContext, token: string) => (await ctx.request('GET', '/api/auth/me', { token })).status;

function changePassword(ctx: TestContext, token: string, from: string, to: string, extra: object = {}) {
  return ctx.request<{ message?: string }>('PUT', '/api/auth/me', {
    token,
    body: { current_password: from, new_password: to, ...extra },
  });
}

/** Counts scrypt runs (password hashing and checking) while `run` is under way. */
async function countScrypt(run: () => Promise<void>): Promise<number> {
  const spy = vi.spyOn(crypto, 'scrypt');
  // password.ts imports scrypt by name: its binding follows the module object only after this.
  syncBuiltinESMExports();
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
    syncBuiltinESMExports();
  }
}

describeEachDatabase(
  'credentials end with their reason',
  (ctx) => {
    afterEach(() => {
      throttleClock.now = () => Date.now();
    });

    it('a password reset ends every session and every API token', async () => {
      const email = 'editor@printco.example';
      const session = await ctx.login(email);
      const token = await apiToken(ctx, session);
      expect(await me(ctx, token)).toBe(200);
      await ctx.request('POST', '/api/auth/forgot-password', { body: { email } });
      await ctx.settle();
      const link = /token=([\w-]+)/.exec(ctx.outbox().at(-1)!.text)![1];
      const reset = await ctx.request('POST', '/api/auth/reset-password', {
        body: { token: link, password: 'after-the-reset' },
        headers: { 'x-forwarded-for': '198.51.100.40' },
      });
      expect(reset.status).toBe(204);
      expect(await me(ctx, session)).toBe(401);
      expect(await me(ctx, token)).toBe(401);
    });

    it('a password change in a session ends the other sessions and every API token', async () => {
      const email = 'viewer@printco.example';
      const here = await ctx.login(email);
      const elsewhere = await ctx.login(email);
      const token = await apiToken(ctx, here);
      expect((await changePassword(ctx, here, DEMO_PASSWORD, 'changed-in-a-session')).status).toBe(200);
      expect(await me(ctx, here)).toBe(200);
      expect(await me(ctx, elsewhere)).toBe(401);
      expect(await me(ctx, token)).toBe(401);
    });

    it('keeps the API tokens when the user chooses so, but not the other sessions', async () => {
      const email = 'admin@printco.example';
      const here = await ctx.login(email);
      const elsewhere = await ctx.login(email);
      const token = await apiToken(ctx, here);
      const changed = await changePassword(ctx, here, DEMO_PASSWORD, 'changed-keeping-tokens', {
        keep_api_tokens: true,
      });
      expect(changed.status).toBe(200);
      expect(await me(ctx, here)).toBe(200);
      expect(await me(ctx, elsewhere)).toBe(401);
      expect(await me(ctx, token)).toBe(200);
    });

    it('a password change with an API token ends every session and the other tokens', async () => {
      const email = 'editor@muster.example';
      const session = await ctx.login(email);
      const changing = await apiToken(ctx, session, 'changing');
      const other = await apiToken(ctx, session, 'other');
      expect((await changePassword(ctx, changing, DEMO_PASSWORD, 'changed-with-a-token')).status).toBe(200);
      expect(await me(ctx, session)).toBe(401);
      expect(await me(ctx, other)).toBe(401);
      expect(await me(ctx, changing)).toBe(200);
      await ctx.login(email, 'changed-with-a-token');
    });

    it('refuses an invitation whose inviter was demoted or deactivated since', async () => {
      const provider = await ctx.login('admin@kontor.example');
      const muster = await ctx.mandantId('muster');
      for (const [change, invitee] of [
        [{ role: 'editor' }, 'invited-by-demoted@muster.example'],
        [{ active: false }, 'invited-by-deactivated@muster.example'],
      ] as const) {
        const inviterEmail = `inviter-${invitee}`;
        const inviter = await inviteUser(
          ctx,
          provider,
          { email: inviterEmail, name: 'Inviter', role: 'mandant_admin', mandant_id: muster },
          'inviter-password',
        );
        const inviterSession = await ctx.login(inviterEmail, 'inviter-password');
        const sent = await ctx.request('POST', '/api/invitations', {
          token: inviterSession,
          body: { email: invitee, name: 'Invitee', role: 'mandant_admin' },
        });
        expect(sent.status).toBe(201);
        const link = invitationToken(ctx, invitee);
        const demoted = await ctx.request('PUT', `/api/users/${inviter.id}`, { token: provider, body: change });
        expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
        const accepted = await ctx.request<{ message: string }>('POST', '/api/auth/accept-invitation', {
          body: { token: link, password: 'invitee-password' },
          headers: { 'x-forwarded-for': '198.51.100.41', 'accept-language': 'en' },
        });
        expect(accepted.status).toBe(400);
        expect(accepted.body.message).toMatch(/may no longer grant this access/);
        expect(await ctx.db.selectFrom('users').select('id').where('email', '=', invitee).executeTakeFirst()).toBe(
          undefined,
        );
      }
    });

    it('looks at the link token before hashing the password: a made-up token costs no scrypt run', async () => {
      for (const url of ['/api/auth/reset-password', '/api/auth/accept-invitation']) {
        const scrypts = await countScrypt(async () => {
          const res = await ctx.request('POST', url, {
            body: { token: 'made-up-token', password: 'x'.repeat(1000) },
            headers: { 'x-forwarded-for': '198.51.100.42' },
          });
          expect(res.status).toBe(400);
        });
        expect(scrypts).toBe(0);
      }
    });

    it('throttles guessed link tokens per address with 429 and Retry-After; other addresses go on', async () => {
      for (const [url, ip] of [
        ['/api/auth/reset-password', '203.0.113.70'],
        ['/api/auth/accept-invitation', '203.0.113.71'],
      ] as const) {
        throttleClock.now = () => Date.parse('2030-01-01T00:00:00Z');
        const statuses: number[] = [];
        let last = null as Awaited<ReturnType<TestContext['request']>> | null;
        for (let i = 0; i < 14; i++) {
          last = await ctx.request('POST', url, {
            body: { token: `guess-${i}`, password: 'long-enough-password' },
            headers: { 'x-forwarded-for': ip },
          });
          statuses.push(last.status);
        }
        expect(statuses).toEqual([...Array(10).fill(400), ...Array(4).fill(429)]);
        expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        const elsewhere = await ctx.request('POST', url, {
          body: { token: 'guess-elsewhere', password: 'long-enough-password' },
          headers: { 'x-forwarded-for': '198.51.100.43' },
        });
        expect(elsewhere.status).toBe(400);
      }
    });

    it('throttles the current-password check of the profile like a sign-in, with a session or a token', async () => {
      for (const [email, viaToken] of [
        ['viewer@muster.example', false],
        ['admin@muster.example', true],
      ] as const) {
        throttleClock.now = () => Date.parse('2030-01-02T00:00:00Z');
        const session = await ctx.login(email);
        const credential = viaToken ? await apiToken(ctx, session) : session;
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          statuses.push((await changePassword(ctx, credential, `guess-${i}`, 'a-new-password')).status);
        }
        expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
        // Refused while blocked even with the right password; after the wait it works.
        const blocked = await changePassword(ctx, credential, DEMO_PASSWORD, 'a-new-password');
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBe(1);
        throttleClock.now = () => Date.parse('2030-01-02T00:00:02Z');
        expect((await changePassword(ctx, credential, DEMO_PASSWORD, 'a-new-password')).status).toBe(200);
      }
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
