/**
 * The protocol: every write records its entry in the same transaction (a failed change leaves no
 * entry; a failed entry rolls the change back), sign-in events, mandant scoping, read-only routes,
 * filters and the CSV export.
 */
import { sql } from 'kysely';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import type { ProtocolEntryRecord, UserRecord } from '../../../src/core/api';
import { describeEachDatabase, DEMO_PASSWORD, type TestContext } from '../harness';
import { invite, inviteUser } from '../invite';

const filter = (f: Record<string, unknown>, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ filter: JSON.stringify(f), ...extra }).toString()}`;

async function entries(
  ctx: TestContext,
  token: string,
  f: Record<string, unknown>,
  extra: Record<string, string> = {},
) {
  const res = await ctx.request<ProtocolEntryRecord[]>('GET', `/api/protocol${filter(f, extra)}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function protocolCount(ctx: TestContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('protocol')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let serial = 0;
/** A new user of the inviting admin's mandant, invited and accepted with the password `protocol-pass-1`. */
async function createUser(ctx: TestContext, token: string, name: string, domain = 'muster.example') {
  serial += 1;
  return inviteUser(
    ctx,
    token,
    { email: `p${serial}-${Date.now()}@${domain}`, name, role: 'editor' },
    'protocol-pass-1',
  );
}

/** Makes every protocol insert whose record label is `label` fail, as a broken disk or constraint would. */
async function failEntriesLabelled(ctx: TestContext, label: string): Promise<() => Promise<void>> {
  if (ctx.dialect === 'postgres') {
    await sql`create or replace function protocol_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'forced protocol failure'; end $$`.execute(ctx.db);
    await sql`create trigger protocol_test_fail before insert on protocol for each row
      when (new.record_label = ${sql.lit(label)}) execute function protocol_test_fail()`.execute(ctx.db);
    return async () => {
      await sql`drop trigger protocol_test_fail on protocol`.execute(ctx.db);
    };
  }
  await sql`create trigger protocol_test_fail before insert on protocol
    when new.record_label = ${sql.lit(label)} begin select raise(abort, 'forced protocol failure'); end`.execute(
    ctx.db,
  );
  return async () => {
    await sql`drop trigger protocol_test_fail`.execute(ctx.db);
  };
}

describeEachDatabase('protocol', (ctx) => {
  it('records create, update (with a field diff) and delete of a user; a refused password change leaves nothing', async () => {
    const token = await ctx.login('admin@muster.example');
    const muster = await ctx.mandantId('muster');
    const user = await createUser(ctx, token, 'Paul Protokoll');
    // Admins never set passwords (the owner does): refused, and no entry, no secret in the table.
    const refused = await ctx.request('PUT', `/api/users/${user.id}`, {
      token,
      body: { ...user, password: 'another-secret-2' },
    });
    expect(refused.status).toBe(400);
    const updated = await ctx.request<UserRecord>('PUT', `/api/users/${user.id}`, {
      token,
      body: { ...user, name: 'Paul Protokoll-Neu', role: 'viewer' },
    });
    expect(updated.status).toBe(200);
    expect((await ctx.request('DELETE', `/api/users/${user.id}`, { token })).status).toBe(200);

    const list = await entries(ctx, token, { resource: 'users', record_id: String(user.id) });
    expect(list.map((e) => e.action)).toEqual(['deleted', 'updated', 'created']);
    const [deleted, update, created] = list as [ProtocolEntryRecord, ProtocolEntryRecord, ProtocolEntryRecord];
    // The account is the inviting admin's doing; the invitee's part is the `accepted` entry (issue #35 item 5).
    expect(created).toMatchObject({
      mandant_id: muster,
      user_email: 'admin@muster.example',
      user_name: 'Markus Muster',
      record_label: 'Paul Protokoll',
      changes: null,
    });
    expect(update).toMatchObject({ user_email: 'admin@muster.example', user_name: 'Markus Muster' });
    expect(update.changes).toEqual({
      name: { old: 'Paul Protokoll', new: 'Paul Protokoll-Neu' },
      role: { old: 'editor', new: 'viewer' },
    });
    expect(update.summary.params).toMatchObject({ fields: 2 });
    expect(deleted.record_label).toBe('Paul Protokoll-Neu');
    expect(created.ip).toMatch(/127\.0\.0\.1/);
    // No password or hash ever reaches the table.
    const raw = await ctx.db.selectFrom('protocol').selectAll().execute();
    expect(JSON.stringify(raw)).not.toMatch(/scrypt|protocol-pass-1|another-secret-2|password_hash/);
  });

  it('leaves no entry when the change fails validation or conflicts', async () => {
    const token = await ctx.login('admin@muster.example');
    const user = await createUser(ctx, token, 'Vera Valide');
    const open = await invite(ctx, token, {
      email: `open-${Date.now()}@muster.example`,
      name: 'Otto Offen',
      role: 'viewer',
    });
    const before = await protocolCount(ctx);
    const direct = await ctx.request('POST', '/api/users', {
      token,
      body: { email: user.email, name: 'Dup', role: 'editor', password: 'protocol-pass-1' },
    });
    expect(direct.status).toBe(400);
    const duplicate = await ctx.request('POST', '/api/invitations', {
      token,
      body: { email: open.email, name: 'Dup', role: 'editor' },
    });
    expect(duplicate.status).toBe(409);
    const invalid = await ctx.request('POST', '/api/invitations', {
      token,
      body: { email: 'x@muster.example', name: 'X', role: 'no-such-role' },
    });
    expect(invalid.status).toBe(400);
    const unchangeable = await ctx.request('PUT', `/api/invitations/${open.id}`, { token, body: { name: 'Changed' } });
    expect(unchangeable.status).toBe(400);
    const stale = await ctx.request('PUT', `/api/users/${user.id}`, {
      token,
      body: { ...user, name: 'Stale', version: user.version + 5 },
    });
    expect(stale.status).toBe(409);
    const self = await ctx.request('DELETE', `/api/users/${await ctx.userId('admin@muster.example')}`, { token });
    expect(self.status).toBe(400);
    expect(await protocolCount(ctx)).toBe(before);
  });

  it('rolls the change back when its entry cannot be written', async () => {
    const token = await ctx.login('admin@muster.example');
    const restore = await failEntriesLabelled(ctx, 'Boom Person');
    try {
      const email = `boom-${Date.now()}@muster.example`;
      // An accepted invitation whose `created` entry fails leaves no user, and the invitation stays open.
      await invite(ctx, token, { email, name: 'Boom Person', role: 'editor' });
      const link = decodeURIComponent(
        /token=([^\s&]+)/.exec(
          ctx
            .outbox()
            .filter((m) => m.to === email)
            .at(-1)!.text,
        )![1]!,
      );
      const accepted = await ctx.request('POST', '/api/auth/accept-invitation', {
        body: { token: link, password: 'protocol-pass-1' },
      });
      expect(accepted.status).toBe(500);
      expect(
        await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
      expect(
        await ctx.db.selectFrom('invitations').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeDefined();

      const user = await createUser(ctx, token, 'Calm Person');
      const renamed = await ctx.request('PUT', `/api/users/${user.id}`, { token, body: { name: 'Boom Person' } });
      expect(renamed.status).toBe(500);
      const row = await ctx.db
        .selectFrom('users')
        .select(['name', 'version'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Calm Person', version: 1 });
    } finally {
      await restore();
    }
  });

  it('records sign-in events: signed in, failed, signed out, password reset and change', async () => {
    const admin = await ctx.login('admin@muster.example');
    const muster = await ctx.mandantId('muster');
    const user = await createUser(ctx, admin, 'Sina Signin');
    const token = await ctx.login(user.email, 'protocol-pass-1');
    const failed = await ctx.request('POST', '/api/auth/login', {
      body: { email: user.email, password: 'wrong-password' },
    });
    expect(failed.status).toBe(401);
    const unknown = await ctx.request('POST', '/api/auth/login', {
      body: { email: 'nobody@nowhere.example', password: 'wrong-password' },
    });
    expect(unknown.status).toBe(401);
    const changed = await ctx.request('PUT', '/api/auth/me', {
      token,
      body: { current_password: 'protocol-pass-1', new_password: 'protocol-pass-2' },
    });
    expect(changed.status).toBe(200);
    expect((await ctx.request('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await ctx.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(204);
    await ctx.settle();
    const mail = ctx
      .outbox()
      .filter((m) => m.to === user.email)
      .at(-1)!;
    const resetToken = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)![1]!);
    expect(
      (
        await ctx.request('POST', '/api/auth/reset-password', {
          body: { token: resetToken, password: 'protocol-pass-3' },
        })
      ).status,
    ).toBe(204);

    const own = await entries(
      ctx,
      admin,
      { record_id: String(user.id), resource: ['users', 'auth'] },
      { sort: '["id","ASC"]' },
    );
    expect(own.map((e) => [e.action, e.resource])).toEqual([
      ['created', 'users'],
      ['logged_in', 'auth'],
      ['login_failed', 'auth'],
      ['password_changed', 'users'],
      ['logged_out', 'auth'],
      ['password_reset_requested', 'users'],
      ['password_reset', 'users'],
    ]);
    expect(own.every((e) => e.mandant_id === muster)).toBe(true);
    const failure = own[2]!;
    expect(failure).toMatchObject({ user_id: null, user_email: user.email, record_label: user.email });
    expect(own[3]!.changes).toEqual({ password: { redacted: true } });
    expect(own[1]).toMatchObject({ user_id: user.id, user_name: 'Sina Signin' });

    // A failed sign-in with an unknown address belongs to no mandant: only provider admins see it.
    const provider = await ctx.login('admin@kontor.example');
    const strangers = await entries(ctx, provider, { action: 'login_failed', q: 'nobody@nowhere' });
    expect(strangers).toHaveLength(1);
    expect(strangers[0]).toMatchObject({ mandant_id: null, user_email: 'nobody@nowhere.example', record_id: null });
    expect(await entries(ctx, admin, { action: 'login_failed', q: 'nobody@nowhere' })).toEqual([]);
  });

  it('scopes entries to the mandant; provider admins see all', async () => {
    const musterAdmin = await ctx.login('admin@muster.example');
    const printcoAdmin = await ctx.login('admin@printco.example');
    const provider = await ctx.login('admin@kontor.example');
    const muster = await ctx.mandantId('muster');
    const printco = await ctx.mandantId('printco');
    const musterUser = await createUser(ctx, musterAdmin, 'Mia Muster');
    const printcoUser = await createUser(ctx, printcoAdmin, 'Pia Print', 'printco.example');

    const seenByMuster = await entries(ctx, musterAdmin, {}, { range: '[0,999]' });
    expect(seenByMuster.length).toBeGreaterThan(0);
    expect(seenByMuster.every((e) => e.mandant_id === muster)).toBe(true);
    expect(seenByMuster.some((e) => e.record_id === String(printcoUser.id))).toBe(false);
    const seenByPrintco = await entries(ctx, printcoAdmin, {}, { range: '[0,999]' });
    expect(seenByPrintco.every((e) => e.mandant_id === printco)).toBe(true);
    expect(seenByPrintco.some((e) => e.record_id === String(musterUser.id) && e.resource === 'users')).toBe(false);
    // Naming the other mandant, its user or its entry ids reaches nothing.
    expect(await entries(ctx, musterAdmin, { mandant_id: printco })).toEqual([]);
    const printcoEntry = seenByPrintco[0]!;
    expect(await entries(ctx, musterAdmin, { id: [printcoEntry.id] })).toEqual([]);
    expect((await ctx.request('GET', `/api/protocol/${printcoEntry.id}`, { token: musterAdmin })).status).toBe(404);
    const counted = await ctx.request(
      'GET',
      `/api/protocol${filter({ user_id: await ctx.userId('admin@printco.example') })}`,
      { token: musterAdmin },
    );
    expect(counted.headers.get('content-range')).toBe('protocol */0');
    // The viewer of a mandant reads it too (read only for every role).
    const viewer = await ctx.login('viewer@muster.example');
    expect(
      (await entries(ctx, viewer, { record_id: String(musterUser.id), resource: 'users' })).map((e) => e.action),
    ).toEqual(['created']);

    const all = await entries(ctx, provider, {
      resource: 'users',
      record_id: [String(musterUser.id), String(printcoUser.id)],
    });
    expect(all.map((e) => e.mandant_id).sort()).toEqual([muster, printco].sort());
    expect(
      (await ctx.request<ProtocolEntryRecord>('GET', `/api/protocol/${printcoEntry.id}`, { token: provider })).body.id,
    ).toBe(printcoEntry.id);
  });

  it('has no write routes, and the table refuses updates and deletes', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const [entry] = await entries(ctx, provider, {}, { range: '[0,0]' });
    for (const [method, url] of [
      ['POST', '/api/protocol'],
      ['PUT', `/api/protocol/${entry!.id}`],
      ['DELETE', `/api/protocol/${entry!.id}`],
      ['PATCH', `/api/protocol/${entry!.id}`],
    ] as const) {
      const res = await ctx.request(method, url, { token: provider, body: { action: 'deleted' } });
      expect([404, 405]).toContain(res.status);
    }
    await expect(
      ctx.db.updateTable('protocol').set({ record_label: 'forged' }).where('id', '=', entry!.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.deleteFrom('protocol').where('id', '=', entry!.id).execute()).rejects.toThrow(/append-only/);
    expect(
      (await ctx.request<ProtocolEntryRecord>('GET', `/api/protocol/${entry!.id}`, { token: provider })).body,
    ).toEqual(entry);
  });

  it('filters by time range, user, action, resource, record and search; rejects bad filters', async () => {
    const token = await ctx.login('admin@muster.example');
    const adminId = await ctx.userId('admin@muster.example');
    const user = await createUser(ctx, token, 'Filine Filter');
    const newest = await entries(ctx, token, {}, { range: '[0,4]' });
    const times = newest.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byUserAction = await entries(ctx, token, { user_id: adminId, action: 'invited' }, { range: '[0,999]' });
    expect(byUserAction.length).toBeGreaterThan(0);
    expect(byUserAction.every((e) => e.user_id === adminId && e.action === 'invited')).toBe(true);
    expect((await entries(ctx, token, { q: 'filine', resource: 'users' })).map((e) => e.record_id)).toEqual([
      String(user.id),
    ]);
    const created = (await entries(ctx, token, { record_id: String(user.id) }))[0]!;
    expect(
      (await entries(ctx, token, { at_gte: created.at, at_lte: created.at, record_id: String(user.id) })).map(
        (e) => e.id,
      ),
    ).toEqual([created.id]);
    expect(await entries(ctx, token, { at_lte: '2000-01-01', record_id: String(user.id) })).toEqual([]);
    expect(
      (
        await entries(ctx, token, {
          at_gte: created.at.slice(0, 10),
          at_lte: created.at.slice(0, 10),
          record_id: String(user.id),
        })
      ).length,
    ).toBe(1);
    expect(await entries(ctx, token, { resource: 'mandants', record_id: String(user.id) })).toEqual([]);

    for (const [f, message] of [
      [{ at_gte: '2026-02-01', at_lte: '2026-01-01' }, /Anfang liegt nach dem Ende/],
      [{ at_gte: 'yesterday' }, /kein gültiges Datum/],
      [{ action: 'exploded' }, /Unbekannte Aktion/],
      [{ colour: 'red' }, /Nach „colour“ kann nicht gefiltert/],
      [{ ip: '127.0.0.1' }, /Nach „ip“ kann nicht gefiltert/],
      [{ user_id: 'abc' }, /Filterwert/],
    ] as const) {
      const res = await ctx.request<{ message: string }>('GET', `/api/protocol${filter(f)}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      const csv = await ctx.request<{ message: string }>('GET', `/api/protocol/export.csv${filter(f)}`, { token });
      expect(csv.status).toBe(400);
    }
  });

  it('exports CSV with the same filters, in the reader’s language, formula cells escaped', async () => {
    const admin = await ctx.login('admin@printco.example');
    // A plain number such as "-3" is no formula and stays as it is (core's escapeCsvCell); "-3+2" is one.
    const dangerous = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3+2', '@SUM(A1)'];
    const ids: number[] = [];
    for (const name of dangerous) {
      const user = await inviteUser(
        ctx,
        admin,
        { email: `csv${ids.length}-${Date.now()}@printco.example`, name, role: 'viewer' },
        'protocol-pass-1',
      );
      ids.push(user.id);
    }
    const res = await ctx.request<string>(
      'GET',
      `/api/protocol/export.csv${filter({ resource: 'users', record_id: ids.map(String), action: 'created' })}`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="protocol-\d{4}-\d{2}-\d{2}\.csv"/);
    // A German reader's file: ';' between cells, as German Excel expects.
    const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true, delimiter: ';' });
    expect(parsed.data.every((row) => row.length === 10)).toBe(true);
    const [header, ...rows] = parsed.data;
    expect(header!.slice(0, 5)).toEqual(['Zeitpunkt', 'Wer', 'E-Mail', 'Mandant', 'Aktion']);
    expect(rows).toHaveLength(4);
    const records = rows.map((r) => r[6]).sort();
    expect(records).toEqual(dangerous.map((d) => `'${d}`).sort());
    expect(rows.every((r) => r[4] === 'Angelegt')).toBe(true);
    // The summary cell starts with a word, so it needs (and gets) no escape.
    expect(rows.map((r) => r[7])).toContain('Benutzer „=HYPERLINK("http://evil.example","x")“ angelegt');

    // Another reader, another language: the same entries with an English header and texts.
    const english = await ctx.login('editor@printco.example');
    const en = await ctx.request<string>(
      'GET',
      `/api/protocol/export.csv${filter({ record_id: [String(ids[1])], action: 'created' })}`,
      { token: english },
    );
    const [enHeader, enRow] = Papa.parse<string[]>(en.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
      delimiter: ',',
    }).data;
    expect(enRow).toHaveLength(10);
    expect(enHeader!.slice(0, 2)).toEqual(['When', 'Who']);
    expect(enRow![4]).toBe('Created');
    expect(enRow![7]).toBe('User “+1+2” created');
  });

  it('keeps working for the demo password after the suite (sanity of the fixture)', async () => {
    expect(await ctx.login('admin@muster.example', DEMO_PASSWORD)).toBeTruthy();
  });
});
