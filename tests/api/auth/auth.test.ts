import { expect, it } from 'vitest';
import type { LoginResponse, SessionUser } from '../../../src/core/api';
import { isoNow } from '../../../src/server/db/values';
import { DEMO_PASSWORD, describeEachDatabase } from '../harness';

describeEachDatabase('auth', (ctx) => {
  it('logs in with any letter case of the e-mail and answers token, expiry and user', async () => {
    const res = await ctx.request<LoginResponse>('POST', '/api/auth/login', {
      body: { email: ' Admin@Muster.Example ', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[\w-]{40,}$/);
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now() + 11 * 3_600_000);
    expect(res.body.user).toMatchObject({
      email: 'admin@muster.example',
      role: 'mandant_admin',
      mandant_name: 'Druckerei Muster',
    });
    expect(res.body.user).not.toHaveProperty('password_hash');
  });

  it('stores only a hash of the session token', async () => {
    const token = await ctx.login('viewer@muster.example');
    const rows = await ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers 401 with the same generic message for a wrong password and an unknown e-mail', async () => {
    const wrong = await ctx.request<{ message: string }>('POST', '/api/auth/login', {
      body: { email: 'editor@muster.example', password: 'nope-nope-nope' },
    });
    const unknown = await ctx.request<{ message: string }>('POST', '/api/auth/login', {
      body: { email: 'ghost@nowhere.example', password: 'nope-nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.message).toMatch(/nicht korrekt/);
  });

  it('answers 400 with field errors for a login body without password', async () => {
    const res = await ctx.request<{ errors: Record<string, string> }>('POST', '/api/auth/login', {
      body: { email: 'x@y.z' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('password');
  });

  it('rejects requests without or with an invalid token with 401', async () => {
    expect((await ctx.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await ctx.request('GET', '/api/auth/me', { token: 'forged' })).status).toBe(401);
    expect((await ctx.request('GET', '/api/users')).status).toBe(401);
    expect((await ctx.request('GET', '/api/mandants', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });

  it('GET /api/auth/me answers the session user', async () => {
    const token = await ctx.login('editor@printco.example');
    const res = await ctx.request<SessionUser>('GET', '/api/auth/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: await ctx.userId('editor@printco.example'),
      email: 'editor@printco.example',
      name: 'Oliver Brown',
      role: 'editor',
      language: 'en',
      mandant_id: await ctx.mandantId('printco'),
      mandant_name: 'Print & Co',
    });
  });

  it('logout revokes the session', async () => {
    const token = await ctx.login('viewer@printco.example');
    expect((await ctx.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await ctx.request('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await ctx.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('an expired session is rejected', async () => {
    const token = await ctx.login('viewer@printco.example');
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: isoNow(-1000) })
      .where('revoked_at', 'is', null)
      .execute();
    expect((await ctx.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('PUT /api/auth/me changes name and language, and validates them', async () => {
    const token = await ctx.login('viewer@muster.example');
    const res = await ctx.request<SessionUser>('PUT', '/api/auth/me', {
      token,
      body: { name: 'Jonas W.', language: 'fr' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Jonas W.', language: 'fr' });
    const bad = await ctx.request<{ errors: Record<string, string> }>('PUT', '/api/auth/me', {
      token,
      body: { language: 'xx' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('language');
  });

  it('PUT /api/auth/me changes the password only with the right current password', async () => {
    const token = await ctx.login('editor@muster.example');
    const wrong = await ctx.request<{ errors: Record<string, string> }>('PUT', '/api/auth/me', {
      token,
      body: { current_password: 'not-my-password', new_password: 'a-new-long-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('current_password');
    const missing = await ctx.request('PUT', '/api/auth/me', { token, body: { new_password: 'a-new-long-password' } });
    expect(missing.status).toBe(400);
    const short = await ctx.request<{ errors: Record<string, string> }>('PUT', '/api/auth/me', {
      token,
      body: { current_password: DEMO_PASSWORD, new_password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toHaveProperty('new_password');

    const other = await ctx.login('editor@muster.example');
    const ok = await ctx.request('PUT', '/api/auth/me', {
      token,
      body: { current_password: DEMO_PASSWORD, new_password: 'a-new-long-password' },
    });
    expect(ok.status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/me', { token: other })).status).toBe(401);
    await ctx.login('editor@muster.example', 'a-new-long-password');
    // Put it back for the other tests.
    await ctx.request('PUT', '/api/auth/me', {
      token,
      body: { current_password: 'a-new-long-password', new_password: DEMO_PASSWORD },
    });
  });

  it('forgot-password answers 204 for unknown and known e-mails and mails a single-use link', async () => {
    const before = ctx.outbox().length;
    expect(
      (await ctx.request('POST', '/api/auth/forgot-password', { body: { email: 'nobody@nowhere.example' } })).status,
    ).toBe(204);
    await ctx.settle();
    expect(ctx.outbox()).toHaveLength(before);
    expect(
      (await ctx.request('POST', '/api/auth/forgot-password', { body: { email: 'EDITOR@printco.example' } })).status,
    ).toBe(204);
    await ctx.settle();
    const mails = ctx.outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe('editor@printco.example');
    expect(mail.subject).toMatch(/reset your password/); // Oliver reads English
    const token = /http:\/\/kontor\.test\/login\/reset\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    const session = await ctx.login('editor@printco.example');
    const short = await ctx.request('POST', '/api/auth/reset-password', { body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    const reset = await ctx.request('POST', '/api/auth/reset-password', {
      body: { token, password: 'brand-new-password' },
    });
    expect(reset.status).toBe(204);
    expect((await ctx.request('GET', '/api/auth/me', { token: session })).status).toBe(401);
    await ctx.login('editor@printco.example', 'brand-new-password');
    const again = await ctx.request<{ message: string }>('POST', '/api/auth/reset-password', {
      body: { token, password: 'another-new-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/ungültig|bereits verwendet|abgelaufen/);
  });

  it('mails the reset link in the user language (German by default)', async () => {
    await ctx.request('POST', '/api/auth/forgot-password', { body: { email: 'admin@printco.example' } });
    await ctx.settle();
    expect(ctx.outbox().at(-1)!.subject).toMatch(/Passwort zurücksetzen/);
  });

  it('sends at most 5 reset mails per hour to one address, still answering 204', async () => {
    const count = () => ctx.outbox().filter((m) => m.to === 'viewer@muster.example').length;
    const before = count();
    for (let i = 0; i < 7; i++) {
      expect(
        (await ctx.request('POST', '/api/auth/forgot-password', { body: { email: 'viewer@muster.example' } })).status,
      ).toBe(204);
    }
    await ctx.settle();
    expect(count() - before).toBe(5);
  });

  it('an expired reset token fails', async () => {
    await ctx.request('POST', '/api/auth/forgot-password', { body: { email: 'viewer@printco.example' } });
    await ctx.settle();
    const token = /token=([\w-]+)/.exec(ctx.outbox().at(-1)!.text)![1];
    await ctx.db
      .updateTable('password_resets')
      .set({ expires_at: isoNow(-1000) })
      .where('used_at', 'is', null)
      .execute();
    const res = await ctx.request('POST', '/api/auth/reset-password', {
      body: { token, password: 'brand-new-password' },
    });
    expect(res.status).toBe(400);
    expect(
      (
        await ctx.request('POST', '/api/auth/reset-password', {
          body: { token: 'made-up', password: 'brand-new-password' },
        })
      ).status,
    ).toBe(400);
  });

  it('throttles failed logins of one address and account with growing delays instead of a 15-minute lock', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ctx.request('POST', '/api/auth/login', {
        body: { email: 'admin@printco.example', password: `wrong-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const throttled = await ctx.request<{ message: string }>('POST', '/api/auth/login', {
      body: { email: 'admin@printco.example', password: DEMO_PASSWORD },
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect(throttled.body.message).toMatch(/Zu viele .* in 1 Sekunde/);
    // Other accounts are not affected by this account's failures.
    await ctx.login('admin@muster.example');
    // A second later the right password signs in.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await ctx.login('admin@printco.example');
  });

  it('slows down many failed logins from one client address without refusing accounts that signed in there before', async () => {
    // Earlier tests' failures from this address would count too.
    await ctx.db.deleteFrom('login_throttle').execute();
    await ctx.login('admin@kontor.example');
    for (let i = 0; i < 30; i++) {
      const res = await ctx.request('POST', '/api/auth/login', {
        body: { email: `nobody${i}@nowhere.example`, password: 'whatever-pass' },
      });
      expect(res.status).toBe(401);
    }
    const throttled = await ctx.request('POST', '/api/auth/login', {
      body: { email: 'nobody-else@nowhere.example', password: 'whatever-pass' },
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeLessThanOrEqual(1);
    // Counted in the database: the address's counter holds the failures.
    const counter = await ctx.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('scope', '=', 'address')
      .executeTakeFirstOrThrow();
    expect(Number(counter.failures)).toBe(30);
    // An account that has signed in from this address before is not refused.
    await ctx.login('admin@kontor.example');
    await ctx.db.deleteFrom('login_throttle').execute();
  });
});
