/**
 * Invitations (issue 17, finding 2): users are invited, never created with an admin's password. The
 * answer an admin gets never tells whether an address has an account elsewhere; the link is single-use,
 * dies on resend, revoke and expiry; another mandant's invitations do not exist for an admin.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { InvitationRecord, ProtocolEntryRecord, UserRecord } from '../../../src/core/api';
import { hashToken } from '../../../src/server/auth/tokens';
import { outboxPath } from '../../../src/server/mail/mailer';
import { describeEachDatabase, type TestContext } from '../harness';
import { invitationToken, invite, inviteUser } from '../invite';

const EN = { 'accept-language': 'en' };

async function accept(ctx: TestContext, token: string | undefined, password = 'invited-pass-1') {
  return ctx.request<{ email?: string; message?: string; errors?: Record<string, string> }>(
    'POST',
    '/api/auth/accept-invitation',
    {
      body: { token, password },
      headers: EN,
    },
  );
}

async function listed(ctx: TestContext, token: string): Promise<InvitationRecord[]> {
  const res = await ctx.request<InvitationRecord[]>('GET', '/api/invitations?range=[0,999]', { token });
  expect(res.status).toBe(200);
  return res.body;
}

let serial = 0;
const fresh = (domain: string) => `inv${++serial}-${Date.now()}@${domain}`;

describeEachDatabase('invitations', (ctx) => {
  it('invite → mail with a link in the invitation’s language → accept → sign-in works; the link is single-use', async () => {
    const admin = await ctx.login('admin@muster.example');
    const muster = await ctx.mandantId('muster');
    const email = fresh('muster.example');
    const created = await invite(ctx, admin, {
      email: email.toUpperCase(),
      name: 'Ines Invited',
      role: 'editor',
      language: 'fr',
    });
    expect(created).toMatchObject({
      email,
      name: 'Ines Invited',
      role: 'editor',
      language: 'fr',
      mandant_id: muster,
      version: 1,
    });
    expect(JSON.stringify(created)).not.toMatch(/token/);
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect((await listed(ctx, admin)).map((i) => i.id)).toContain(created.id);

    const mail = ctx
      .outbox()
      .filter((m) => m.to === email)
      .at(-1)!;
    expect(mail.subject).toBe('Kontor : invitation');
    expect(mail.text).toMatch(/^Bonjour Ines Invited,/);
    expect(mail.text).toContain('http://kontor.test/login/invitation?token=');
    expect(mail.text).toContain('7 jours');
    const link = invitationToken(ctx, email)!;

    const short = await accept(ctx, link, 'short');
    expect(short.status).toBe(400);
    expect(short.body.errors).toHaveProperty('password');
    const ok = await accept(ctx, link);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ email });
    const session = await ctx.login(email, 'invited-pass-1');
    const me = await ctx.request<{ role: string; mandant_id: number; language: string; name: string }>(
      'GET',
      '/api/auth/me',
      { token: session },
    );
    expect(me.body).toMatchObject({ role: 'editor', mandant_id: muster, language: 'fr', name: 'Ines Invited' });

    const again = await accept(ctx, link, 'another-pass-2');
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/no longer valid/);
    expect((await listed(ctx, admin)).map((i) => i.id)).not.toContain(created.id);
    expect((await ctx.request('GET', `/api/invitations/${created.id}`, { token: admin })).status).toBe(404);
    // Garbage tokens answer the same clear 400, never 500.
    for (const token of ['', 'x'.repeat(200), 'a\u0000b']) {
      expect((await accept(ctx, token)).status).toBe(400);
    }
  });

  it('expired and revoked links are refused with a clear 400', async () => {
    const admin = await ctx.login('admin@muster.example');
    const expiredMail = fresh('muster.example');
    const expired = await invite(ctx, admin, { email: expiredMail, name: 'Ed Expired', role: 'viewer' });
    await ctx.db
      .updateTable('invitations')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', expired.id)
      .execute();
    const late = await accept(ctx, invitationToken(ctx, expiredMail));
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/expired/);
    // Still listed, with its expiry, so the admin can resend it.
    expect((await listed(ctx, admin)).find((i) => i.id === expired.id)?.expires_at).toBe('2020-01-01T00:00:00.000Z');

    const revokedMail = fresh('muster.example');
    const revoked = await invite(ctx, admin, { email: revokedMail, name: 'Rita Revoked', role: 'viewer' });
    const deleted = await ctx.request<InvitationRecord>('DELETE', `/api/invitations/${revoked.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(revoked.id);
    const refused = await accept(ctx, invitationToken(ctx, revokedMail));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/revoked/);
    expect(
      await ctx.db.selectFrom('users').select('id').where('email', 'in', [expiredMail, revokedMail]).execute(),
    ).toEqual([]);
  });

  it('resend mails a new link and kills the old one; an expired invitation lives again', async () => {
    const admin = await ctx.login('admin@muster.example');
    const email = fresh('muster.example');
    const created = await invite(ctx, admin, { email, name: 'Rene Resent', role: 'viewer', language: 'en' });
    const first = invitationToken(ctx, email)!;
    await ctx.db
      .updateTable('invitations')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', created.id)
      .execute();
    const resent = await ctx.request<InvitationRecord>('POST', `/api/invitations/${created.id}/resend`, {
      token: admin,
    });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: created.id, email, version: 2 });
    expect(resent.body.expires_at > new Date().toISOString()).toBe(true);
    const second = invitationToken(ctx, email)!;
    expect(second).not.toBe(first);
    expect(
      ctx
        .outbox()
        .filter((m) => m.to === email)
        .map((m) => m.subject),
    ).toEqual(['Kontor: you are invited', 'Kontor: you are invited']);
    expect((await accept(ctx, first)).status).toBe(400);
    expect((await accept(ctx, second)).status).toBe(200);
    expect(await ctx.login(email, 'invited-pass-1')).toBeTruthy();
    expect((await ctx.request('POST', `/api/invitations/${created.id}/resend`, { token: admin })).status).toBe(404);
  });

  it('an address with an account anywhere gets the same answer as an unknown one, and a mail without a link', async () => {
    const admin = await ctx.login('admin@printco.example');
    const printco = await ctx.mandantId('printco');
    const unknownMail = fresh('elsewhere.example');
    const body = (email: string) => ({ email, name: 'Someone', role: 'viewer', language: 'en' });
    const unknown = await ctx.request<InvitationRecord>('POST', '/api/invitations', {
      token: admin,
      body: body(unknownMail),
    });
    const existing = await ctx.request<InvitationRecord>('POST', '/api/invitations', {
      token: admin,
      body: body('editor@muster.example'),
    });
    const normalise = (res: { status: number; body: InvitationRecord; headers: Headers }) => ({
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: JSON.stringify({
        ...res.body,
        id: 0,
        email: 'x',
        sent_at: 't',
        expires_at: 't',
        created_at: 't',
        updated_at: 't',
      }),
      keys: Object.keys(res.body),
    });
    expect(unknown.status).toBe(201);
    expect(normalise(existing)).toEqual(normalise(unknown));
    expect(existing.body).toMatchObject({ mandant_id: printco, email: 'editor@muster.example' });
    // Listed the same way.
    const list = await listed(ctx, admin);
    const shape = (i: InvitationRecord | undefined) =>
      i && Object.keys(i).map((k) => `${k}:${typeof i[k as keyof InvitationRecord]}`);
    expect(shape(list.find((i) => i.id === existing.body.id))).toEqual(
      shape(list.find((i) => i.id === unknown.body.id)),
    );

    const toUnknown = ctx
      .outbox()
      .filter((m) => m.to === unknownMail)
      .at(-1)!;
    const toExisting = ctx
      .outbox()
      .filter((m) => m.to === 'editor@muster.example')
      .at(-1)!;
    expect(toExisting.subject).toBe(toUnknown.subject);
    expect(toUnknown.text).toContain('/login/invitation?token=');
    expect(toExisting.text).toContain('you already have an account with this e-mail address');
    expect(toExisting.text).toContain('http://kontor.test/login/forgot-password');
    expect(toExisting.text).not.toMatch(/token=|invitation\?/);
    // Resending it keeps it that way; the existing account is untouched.
    expect((await ctx.request('POST', `/api/invitations/${existing.body.id}/resend`, { token: admin })).status).toBe(
      200,
    );
    expect(
      ctx
        .outbox()
        .filter((m) => m.to === 'editor@muster.example')
        .at(-1)!.text,
    ).not.toMatch(/token=/);
    const row = await ctx.db
      .selectFrom('users')
      .select(['mandant_id', 'version'])
      .where('email', '=', 'editor@muster.example')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mandant_id: await ctx.mandantId('muster'), version: 1 });
  });

  it('one open invitation per address and mandant (409 only about the own mandant); other mandants may invite it too', async () => {
    const muster = await ctx.login('admin@muster.example');
    const printco = await ctx.login('admin@printco.example');
    const email = fresh('shared.example');
    await invite(ctx, muster, { email, name: 'Twice', role: 'viewer' });
    const dup = await ctx.request<{ errors: Record<string, string> }>('POST', '/api/invitations', {
      token: muster,
      body: { email, name: 'Twice', role: 'editor' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toHaveProperty('email');
    // Printco's admin learns nothing of muster's open invitation.
    expect(
      (
        await ctx.request('POST', '/api/invitations', {
          token: printco,
          body: { email, name: 'Twice', role: 'viewer' },
        })
      ).status,
    ).toBe(201);
    // Whoever is accepted first creates the account; the other link then says so.
    const links = ctx
      .outbox()
      .filter((m) => m.to === email)
      .map((m) => decodeURIComponent(/token=([^\s&]+)/.exec(m.text)![1]!));
    expect(links).toHaveLength(2);
    expect((await accept(ctx, links[1])).status).toBe(200);
    const second = await accept(ctx, links[0]);
    expect(second.status).toBe(400);
    expect(second.body.message).toMatch(/already exists/);
    expect(
      (await ctx.db.selectFrom('users').select('mandant_id').where('email', '=', email).executeTakeFirstOrThrow())
        .mandant_id,
    ).toBe(await ctx.mandantId('printco'));
  });

  it('another mandant’s invitation answers exactly like a missing id: read, list, resend, revoke, update', async () => {
    const owner = await ctx.login('admin@muster.example');
    const other = await ctx.login('admin@printco.example');
    const email = fresh('muster.example');
    const inv = await invite(ctx, owner, { email, name: 'Hidden', role: 'viewer' });
    const missing = 987654;
    const calls: Array<[string, (id: number) => string, unknown?]> = [
      ['GET', (id) => `/api/invitations/${id}`],
      ['POST', (id) => `/api/invitations/${id}/resend`],
      ['DELETE', (id) => `/api/invitations/${id}`],
      ['PUT', (id) => `/api/invitations/${id}`, { name: 'Hijacked' }],
    ];
    for (const [method, url, body] of calls) {
      const hidden = await ctx.request<{ message: string }>(method, url(inv.id), { token: other, body });
      const absent = await ctx.request<{ message: string }>(method, url(missing), { token: other, body });
      expect(hidden.status, `${method} ${url(inv.id)}`).toBe(404);
      expect(absent.status).toBe(404);
      expect(hidden.body.message.replace(String(inv.id), 'N')).toBe(absent.body.message.replace(String(missing), 'N'));
    }
    const list = await ctx.request<InvitationRecord[]>(
      'GET',
      `/api/invitations?filter=${encodeURIComponent(JSON.stringify({ id: [inv.id] }))}`,
      { token: other },
    );
    expect(list.body).toEqual([]);
    expect(list.headers.get('content-range')).toBe('invitations */0');
    expect((await listed(ctx, other)).some((i) => i.email === email)).toBe(false);
    // Untouched: still open, first link still valid, only one mail sent.
    expect(ctx.outbox().filter((m) => m.to === email)).toHaveLength(1);
    expect(
      (await ctx.request<InvitationRecord>('GET', `/api/invitations/${inv.id}`, { token: owner })).body.version,
    ).toBe(1);
    // The provider admin sees every mandant's invitations.
    const provider = await ctx.login('admin@kontor.example');
    expect((await listed(ctx, provider)).some((i) => i.id === inv.id)).toBe(true);
  });

  it('editors and viewers get 403; mandant admins cannot invite provider admins or into another mandant', async () => {
    const owner = await ctx.login('admin@muster.example');
    const inv = await invite(ctx, owner, { email: fresh('muster.example'), name: 'Vic', role: 'viewer' });
    for (const user of ['editor@muster.example', 'viewer@muster.example']) {
      const token = await ctx.login(user);
      expect((await ctx.request('GET', '/api/invitations', { token })).status).toBe(403);
      expect((await ctx.request('GET', `/api/invitations/${inv.id}`, { token })).status).toBe(403);
      expect(
        (
          await ctx.request('POST', '/api/invitations', {
            token,
            body: { email: fresh('muster.example'), name: 'X', role: 'viewer' },
          })
        ).status,
      ).toBe(403);
      expect((await ctx.request('POST', `/api/invitations/${inv.id}/resend`, { token })).status).toBe(403);
      expect((await ctx.request('DELETE', `/api/invitations/${inv.id}`, { token })).status).toBe(403);
    }
    expect(
      (
        await ctx.request('POST', '/api/invitations', {
          body: { email: fresh('muster.example'), name: 'X', role: 'viewer' },
        })
      ).status,
    ).toBe(401);
    const promote = await ctx.request('POST', '/api/invitations', {
      token: owner,
      body: { email: fresh('muster.example'), name: 'Boss', role: 'provider_admin' },
    });
    expect(promote.status).toBe(403);
    const smuggledMail = fresh('muster.example');
    const smuggled = await ctx.request('POST', '/api/invitations', {
      token: owner,
      body: { email: smuggledMail, name: 'Smuggled', role: 'viewer', mandant_id: await ctx.mandantId('printco') },
    });
    expect(smuggled.status).toBe(403);
    expect(ctx.outbox().some((m) => m.to === smuggledMail)).toBe(false);
  });

  it('provider admins invite into any mandant and as provider admin', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const printco = await ctx.mandantId('printco');
    const noMandant = await ctx.request<{ errors: Record<string, string> }>('POST', '/api/invitations', {
      token: provider,
      body: { email: fresh('printco.example'), name: 'X', role: 'editor' },
    });
    expect(noMandant.status).toBe(400);
    expect(noMandant.body.errors).toHaveProperty('mandant_id');
    const user = await inviteUser(
      ctx,
      provider,
      { email: fresh('printco.example'), name: 'Paula Print', role: 'mandant_admin', mandant_id: printco },
      'provider-invited-1',
    );
    expect(user).toMatchObject({ mandant_id: printco, role: 'mandant_admin', active: true });
    const boss = await inviteUser(
      ctx,
      provider,
      { email: fresh('kontor.example'), name: 'Bea Boss', role: 'provider_admin' },
      'provider-invited-2',
    );
    expect(boss).toMatchObject({ mandant_id: null, role: 'provider_admin' });
    // The new mandant admin sees its mandant's invitations only.
    const printcoAdmin = await ctx.login(user.email, 'provider-invited-1');
    expect((await listed(ctx, printcoAdmin)).every((i) => i.mandant_id === printco)).toBe(true);
  });

  it('writes invited, resent, revoked and accepted to the protocol, never the token', async () => {
    const admin = await ctx.login('admin@muster.example');
    const muster = await ctx.mandantId('muster');
    const email = fresh('muster.example');
    const inv = await invite(ctx, admin, { email, name: 'Petra Protokoll', role: 'editor' });
    await ctx.request('POST', `/api/invitations/${inv.id}/resend`, { token: admin });
    expect((await accept(ctx, invitationToken(ctx, email))).status).toBe(200);
    const revokedMail = fresh('muster.example');
    const revoked = await invite(ctx, admin, { email: revokedMail, name: 'Rolf Revoked', role: 'viewer' });
    await ctx.request('DELETE', `/api/invitations/${revoked.id}`, { token: admin });

    const query = (f: Record<string, unknown>) =>
      ctx.request<ProtocolEntryRecord[]>(
        'GET',
        `/api/protocol?${new URLSearchParams({ filter: JSON.stringify(f), sort: '["id","ASC"]' })}`,
        { token: admin },
      );
    const history = (await query({ resource: 'invitations', record_id: String(inv.id) })).body;
    expect(history.map((e) => e.action)).toEqual(['invited', 'resent', 'accepted']);
    expect(history.every((e) => e.mandant_id === muster && e.record_label === email)).toBe(true);
    expect(history[0]).toMatchObject({ user_email: 'admin@muster.example' });
    expect(history[2]).toMatchObject({ user_email: email, user_name: 'Petra Protokoll' });
    const userId = await ctx.userId(email);
    expect(
      (await query({ resource: 'users', record_id: String(userId) })).body.map((e) => [e.action, e.user_email]),
      // The account is the inviting admin's doing; the invitee's part is the `accepted` entry (issue #35 item 5).
    ).toEqual([['created', 'admin@muster.example']]);
    expect((await query({ resource: 'invitations', record_id: String(revoked.id) })).body.map((e) => e.action)).toEqual(
      ['invited', 'revoked'],
    );
    // Another mandant's admin sees none of it.
    const other = await ctx.login('admin@printco.example');
    const foreign = await ctx.request<ProtocolEntryRecord[]>(
      'GET',
      `/api/protocol?${new URLSearchParams({ filter: JSON.stringify({ resource: 'invitations', q: email }) })}`,
      { token: other },
    );
    expect(foreign.body).toEqual([]);

    const tokens = ctx
      .outbox()
      .flatMap((m) => [...m.text.matchAll(/token=([^\s&]+)/g)].map((t) => decodeURIComponent(t[1]!)));
    expect(tokens.length).toBeGreaterThan(2);
    const raw = JSON.stringify(await ctx.db.selectFrom('protocol').selectAll().execute());
    for (const token of tokens) {
      expect(raw).not.toContain(token);
      expect(raw).not.toContain(hashToken(token));
    }
    expect(raw).not.toMatch(/token_hash|invited-pass-1|scrypt/);
  });

  it('POST /api/users creates nobody and answers the same whatever the address; e-mail changes reveal nothing', async () => {
    const admin = await ctx.login('admin@printco.example');
    const attempts = await Promise.all(
      ['editor@muster.example', fresh('nowhere.example')].map((email) =>
        ctx.request<{ message: string }>('POST', '/api/users', {
          token: admin,
          body: { email, name: 'Probe', role: 'viewer', password: 'x' },
        }),
      ),
    );
    expect(attempts.map((a) => a.status)).toEqual([400, 400]);
    expect(attempts[0]!.body).toEqual(attempts[1]!.body);
    expect(attempts[0]!.body.message).toMatch(/invitations/);
    expect((await ctx.request('POST', '/api/users', { token: admin, body: {} })).status).toBe(400);

    // A mandant admin may not change an address at all, so "already in use" cannot answer for another mandant.
    const viewer = await ctx.userId('viewer@printco.example');
    const taken = await ctx.request<{ message: string; errors: Record<string, string> }>(
      'PUT',
      `/api/users/${viewer}`,
      { token: admin, body: { email: 'editor@muster.example' } },
    );
    const free = await ctx.request<{ message: string; errors: Record<string, string> }>('PUT', `/api/users/${viewer}`, {
      token: admin,
      body: { email: fresh('nowhere.example') },
    });
    expect(taken.status).toBe(403);
    expect(free.status).toBe(403);
    expect(taken.body).toEqual(free.body);
    expect(taken.body.errors).toHaveProperty('email');
    // The whole record with its address unchanged (as react-admin's edit sends it) still saves.
    const { body: record } = await ctx.request<UserRecord>('GET', `/api/users/${viewer}`, { token: admin });
    const saved = await ctx.request<UserRecord>('PUT', `/api/users/${viewer}`, {
      token: admin,
      body: { ...record, email: record.email.toUpperCase(), name: 'Renamed Viewer' },
    });
    expect(saved.status).toBe(200);
    // Provider admins see every account anyway; for them the address check stays.
    const provider = await ctx.login('admin@kontor.example');
    const dup = await ctx.request<{ errors: Record<string, string> }>('PUT', `/api/users/${viewer}`, {
      token: provider,
      body: { email: 'editor@muster.example' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toHaveProperty('email');
  });

  it("no admin sets another user's password: PUT with a password is refused and changes nothing", async () => {
    const viewer = await ctx.userId('viewer@printco.example');
    const before = await ctx.db
      .selectFrom('users')
      .select(['password_hash', 'version'])
      .where('id', '=', viewer)
      .executeTakeFirstOrThrow();
    for (const email of ['admin@printco.example', 'admin@kontor.example']) {
      const admin = await ctx.login(email);
      const res = await ctx.request<{ message: string; errors: Record<string, string> }>(
        'PUT',
        `/api/users/${viewer}`,
        {
          token: admin,
          body: { password: 'chosen-by-the-admin-1' },
        },
      );
      expect(res.status, email).toBe(400);
      expect(res.body.errors).toHaveProperty('password');
    }
    expect(
      await ctx.db
        .selectFrom('users')
        .select(['password_hash', 'version'])
        .where('id', '=', viewer)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    // The owner still signs in with the own password.
    expect(await ctx.login('viewer@printco.example')).toBeTruthy();
  });

  it('a mail that cannot be sent answers 503 and leaves no invitation (and a failed resend keeps the old link)', async () => {
    const admin = await ctx.login('admin@muster.example');
    const email = fresh('muster.example');
    const kept = await invite(ctx, admin, { email, name: 'Kai Kept', role: 'viewer' });
    const link = invitationToken(ctx, email)!;
    // The outbox file replaced by a directory: every send fails.
    const outbox = outboxPath(ctx.config);
    const saved = fs.readFileSync(outbox);
    fs.rmSync(outbox);
    fs.mkdirSync(outbox);
    try {
      const lost = fresh('muster.example');
      const res = await ctx.request<{ message: string }>('POST', '/api/invitations', {
        token: admin,
        body: { email: lost, name: 'Lost', role: 'viewer' },
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/konnte nicht gesendet werden/); // the admin reads German
      expect(
        await ctx.db.selectFrom('invitations').select('id').where('email', '=', lost).executeTakeFirst(),
      ).toBeUndefined();
      expect((await ctx.request('POST', `/api/invitations/${kept.id}/resend`, { token: admin })).status).toBe(503);
    } finally {
      fs.rmSync(outbox, { recursive: true });
      fs.writeFileSync(outbox, saved);
    }
    expect(
      (await ctx.request<InvitationRecord>('GET', `/api/invitations/${kept.id}`, { token: admin })).body.version,
    ).toBe(1);
    expect((await accept(ctx, link)).status).toBe(200);
  });

  it('never answers 500 for hostile invitation input', async () => {
    const token = await ctx.login('admin@kontor.example');
    const muster = await ctx.mandantId('muster');
    const bodies: unknown[] = [
      { email: 'nul@muster.example', name: 'a\u0000b', role: 'viewer', mandant_id: muster },
      { email: 'big@muster.example', name: 'Big', role: 'viewer', mandant_id: 99999999999999 },
      { email: 'no-at-sign', name: 'X', role: 'viewer', mandant_id: muster },
      { email: 'x@muster.example', name: '   ', role: 'viewer', mandant_id: muster },
      { email: 'x@muster.example', name: 'X', role: 'king', mandant_id: muster },
      { email: 'x@muster.example', name: 'X', role: 'viewer', mandant_id: muster, language: 'tlh' },
      { constructor: 1, __proto__: { role: 'provider_admin' } },
      [1, 2, 3],
      'just a string',
      null,
    ];
    for (const body of bodies) {
      const res = await ctx.request<{ message?: string }>('POST', '/api/invitations', { token, body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const [method, url] of [
      ['POST', '/api/invitations/0/resend'],
      ['POST', '/api/invitations/abc/resend'],
      ['POST', '/api/invitations/99999999999999/resend'],
    ]) {
      const res = await ctx.request(method!, url!, { token });
      expect(res.status).toBeLessThan(500);
    }
    const accepts: unknown[] = [
      {},
      { token: 5, password: 'long-enough-pw' },
      { token: 'x', password: 'p'.repeat(2000) },
      null,
    ];
    for (const body of accepts) {
      expect((await ctx.request('POST', '/api/auth/accept-invitation', { body })).status).toBe(400);
    }
  });

  it('the link names its account before the form, and a used, expired or unknown link says why (issue #35)', async () => {
    const admin = await ctx.login('admin@muster.example');
    const email = fresh('muster.example');
    await invite(ctx, admin, { email, name: 'Lea Link', role: 'viewer' });
    const token = invitationToken(ctx, email)!;
    // The file's other refused links (hostile input) count towards this address's link limit: start afresh.
    await ctx.db.deleteFrom('login_throttle').where('scope', '=', 'link').execute();
    const byToken = (t: string, language = 'en') =>
      ctx.request<{ email?: string; mandant?: string | null; status?: string; message?: string }>(
        'GET',
        `/api/invitations/by-token?token=${encodeURIComponent(t)}`,
        { headers: { 'accept-language': language } },
      );

    // No sign-in; only the address, the mandant's name and the status.
    const open = await byToken(token);
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ email: email.toLowerCase(), mandant: 'Druckerei Muster', status: 'open' });

    const unknown = await byToken('no-such-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no longer valid/);
    expect((await byToken('no-such-token', 'de')).body.message).toMatch(/nicht mehr gültig/);

    expect((await accept(ctx, token)).status).toBe(200);
    const used = await byToken(token);
    expect(used.status).toBe(404);
    expect(used.body.message).toBe(unknown.body.message);

    const lateMail = fresh('muster.example');
    const late = await invite(ctx, admin, { email: lateMail, name: 'Ed Late', role: 'viewer' });
    await ctx.db
      .updateTable('invitations')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', late.id)
      .execute();
    const expired = await byToken(invitationToken(ctx, lateMail)!);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toMatch(/expired/);

    // Guessing tokens here is throttled like accepting: soon only 429.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await byToken(`guess-${i}`)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
