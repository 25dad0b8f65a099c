import { expect, it } from 'vitest';
import type { MandantRecord, UserRecord } from '../../../src/core/api';
import { describeEachDatabase } from '../harness';
import { invitationToken, invite, inviteUser, type InviteBody } from '../invite';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase('REST dialect (users, mandants)', (ctx) => {
  it('lists with sort, range, filter and Content-Range', async () => {
    const token = await ctx.login('admin@kontor.example');
    const res = await ctx.request<UserRecord[]>(
      'GET',
      `/api/users${q({ sort: '["email","DESC"]', range: '[1,2]', filter: '{}' })}`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('users 1-2/7');
    expect(res.body.map((u) => u.email)).toEqual(['viewer@muster.example', 'editor@printco.example']);
    const filtered = await ctx.request<UserRecord[]>(
      'GET',
      `/api/users${q({ filter: JSON.stringify({ role: 'editor', active: true }) })}`,
      { token },
    );
    expect(filtered.body.map((u) => u.email).sort()).toEqual(['editor@muster.example', 'editor@printco.example']);
    const search = await ctx.request<UserRecord[]>(
      'GET',
      `/api/users${q({ filter: '{"q":"PRINTCO"}', sort: '["id","ASC"]' })}`,
      { token },
    );
    expect(search.body).toHaveLength(3);
    expect(search.headers.get('content-range')).toBe('users 0-2/3');
    const ids = await ctx.request<UserRecord[]>('GET', `/api/users${q({ filter: JSON.stringify({ id: [1, 3] }) })}`, {
      token,
    });
    expect(ids.body.map((u) => u.id)).toEqual([1, 3]);
    const none = await ctx.request<UserRecord[]>('GET', `/api/users${q({ filter: '{"q":"%"}' })}`, { token });
    expect(none.body).toEqual([]);
    expect(none.headers.get('content-range')).toBe('users */0');
    const since = await ctx.request<UserRecord[]>(
      'GET',
      `/api/users${q({ filter: JSON.stringify({ id_gte: 6, id_lte: 7 }) })}`,
      { token },
    );
    expect(since.body.map((u) => u.id)).toEqual([6, 7]);
    const provider = await ctx.request<UserRecord[]>('GET', `/api/users${q({ filter: '{"mandant_id":null}' })}`, {
      token,
    });
    expect(provider.body.map((u) => u.email)).toEqual(['admin@kontor.example']);
  });

  it('never returns password hashes', async () => {
    const token = await ctx.login('admin@kontor.example');
    const res = await ctx.request('GET', '/api/users', { token });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/);
  });

  it.each([
    ['sort', 'not json', /sort/],
    ['sort', '["nope","ASC"]', /Nach „nope“ kann nicht sortiert/],
    ['sort', '["email","SIDEWAYS"]', /ASC oder DESC/],
    ['sort', '{"field":"email"}', /sort/],
    ['sort', '["password_hash","ASC"]', /kann nicht sortiert/],
    ['range', '[5,1]', /range/],
    ['range', '[-1,3]', /range/],
    ['range', '[0,"a"]', /range/],
    ['range', '[0,5000]', /Höchstens/],
    ['filter', '{bad', /filter/],
    ['filter', '[1,2]', /filter/],
    ['filter', '{"password_hash":"x"}', /Nach „password_hash“ kann nicht gefiltert/],
    ['filter', '{"id":"abc"}', /Filterwert/],
    ['filter', '{"active":"maybe"}', /Filterwert/],
    ['filter', '{"q":5}', /q/],
  ])('answers 400 for %s=%s', async (param, value, message) => {
    const token = await ctx.login('admin@kontor.example');
    const res = await ctx.request<{ message: string; errors?: Record<string, string> }>(
      'GET',
      `/api/users${q({ [param]: value })}`,
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('answers 404 for unknown ids and 400 for non-numeric ones', async () => {
    const token = await ctx.login('admin@kontor.example');
    expect((await ctx.request('GET', '/api/users/99999', { token })).status).toBe(404);
    expect((await ctx.request('PUT', '/api/users/99999', { token, body: { name: 'x' } })).status).toBe(404);
    expect((await ctx.request('DELETE', '/api/users/99999', { token })).status).toBe(404);
    expect((await ctx.request('GET', '/api/users/abc', { token })).status).toBe(400);
  });

  it('editors and viewers get 403 on users; only provider admins create or delete mandants', async () => {
    for (const email of ['editor@muster.example', 'viewer@muster.example']) {
      const token = await ctx.login(email);
      expect((await ctx.request('GET', '/api/users', { token })).status).toBe(403);
      expect((await ctx.request('GET', '/api/users/1', { token })).status).toBe(403);
      expect((await ctx.request('POST', '/api/users', { token, body: {} })).status).toBe(403);
      expect(
        (await ctx.request('PUT', `/api/mandants/${await ctx.mandantId('muster')}`, { token, body: { name: 'x' } }))
          .status,
      ).toBe(403);
    }
    const admin = await ctx.login('admin@muster.example');
    expect((await ctx.request('POST', '/api/mandants', { token: admin, body: { name: 'X', slug: 'x' } })).status).toBe(
      403,
    );
    expect(
      (await ctx.request('DELETE', `/api/mandants/${await ctx.mandantId('muster')}`, { token: admin })).status,
    ).toBe(403);
  });

  it('a stale version answers 409; a partial body without version works', async () => {
    const token = await ctx.login('admin@muster.example');
    const id = await ctx.userId('viewer@muster.example');
    const { body: user } = await ctx.request<UserRecord>('GET', `/api/users/${id}`, { token });
    const first = await ctx.request<UserRecord>('PUT', `/api/users/${id}`, {
      token,
      body: { ...user, name: 'Jonas Weber-Neu' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Jonas Weber-Neu', version: user.version + 1 });
    expect(first.body.updated_at >= user.updated_at).toBe(true);
    const stale = await ctx.request<{ message: string }>('PUT', `/api/users/${id}`, {
      token,
      body: { ...user, name: 'Lost update' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/inzwischen von jemand anderem geändert/);
    const partial = await ctx.request<UserRecord>('PUT', `/api/users/${id}`, { token, body: { language: 'it' } });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ name: 'Jonas Weber-Neu', language: 'it', version: user.version + 2 });
  });

  it('validates invitation bodies with field errors; the invited user ignores read-only fields and can be deleted', async () => {
    const token = await ctx.login('admin@kontor.example');
    const invalid = await ctx.request<{ errors: Record<string, string> }>('POST', '/api/invitations', {
      token,
      body: { email: 'not-an-email', name: '', role: 'king' },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(['email', 'name', 'role']));
    const mandantId = await ctx.mandantId('muster');
    const created = await inviteUser(
      ctx,
      token,
      {
        email: 'New.Person@Muster.example',
        name: 'New Person',
        role: 'editor',
        mandant_id: mandantId,
        id: 999,
        created_at: 'yesterday',
      } as InviteBody,
      'long-enough-pw',
    );
    expect(created).toMatchObject({
      email: 'new.person@muster.example',
      role: 'editor',
      language: 'de',
      active: true,
      version: 1,
      mandant_id: mandantId,
    });
    expect(created.id).not.toBe(999);
    // The invitee's own password: too short is refused at acceptance.
    await invite(ctx, token, { email: 'short@muster.example', name: 'Short', role: 'viewer', mandant_id: mandantId });
    const short = await ctx.request<{ errors: Record<string, string> }>('POST', '/api/auth/accept-invitation', {
      body: { token: invitationToken(ctx, 'short@muster.example'), password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toHaveProperty('password');
    const noMandant = await ctx.request<{ errors: Record<string, string> }>('POST', '/api/invitations', {
      token,
      body: { email: 'orphan@muster.example', name: 'Orphan', role: 'viewer' },
    });
    expect(noMandant.status).toBe(400);
    expect(noMandant.body.errors).toHaveProperty('mandant_id');
    await ctx.login('new.person@muster.example', 'long-enough-pw');
    const deleted = await ctx.request<UserRecord>('DELETE', `/api/users/${created.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.email).toBe('new.person@muster.example');
    expect((await ctx.request('GET', `/api/users/${created.id}`, { token })).status).toBe(404);
  });

  it('mandant admins cannot invite or promote provider admins, nor move users to another mandant', async () => {
    const token = await ctx.login('admin@muster.example');
    const promote = await ctx.request('POST', '/api/invitations', {
      token,
      body: { email: 'boss@muster.example', name: 'Boss', role: 'provider_admin' },
    });
    expect(promote.status).toBe(403);
    const editor = await ctx.userId('editor@muster.example');
    expect((await ctx.request('PUT', `/api/users/${editor}`, { token, body: { role: 'provider_admin' } })).status).toBe(
      403,
    );
    const move = await ctx.request('PUT', `/api/users/${editor}`, {
      token,
      body: { mandant_id: await ctx.mandantId('printco') },
    });
    expect(move.status).toBe(403);
    const created = await inviteUser(
      ctx,
      token,
      { email: 'helper@muster.example', name: 'Helper', role: 'viewer' },
      'long-enough-pw',
    );
    expect(created.mandant_id).toBe(await ctx.mandantId('muster'));
    const self = await ctx.userId('admin@muster.example');
    expect((await ctx.request('PUT', `/api/users/${self}`, { token, body: { active: false } })).status).toBe(400);
    expect((await ctx.request('DELETE', `/api/users/${self}`, { token })).status).toBe(400);
  });

  it('a deactivated user cannot sign in and loses its sessions', async () => {
    const admin = await ctx.login('admin@muster.example');
    const id = await ctx.userId('helper@muster.example');
    const session = await ctx.login('helper@muster.example', 'long-enough-pw');
    expect((await ctx.request('PUT', `/api/users/${id}`, { token: admin, body: { active: false } })).status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/me', { token: session })).status).toBe(401);
    expect(
      (
        await ctx.request('POST', '/api/auth/login', {
          body: { email: 'helper@muster.example', password: 'long-enough-pw' },
        })
      ).status,
    ).toBe(401);
  });

  it('mandant users read only their own mandant; its admin may rename it but not change slug or active', async () => {
    const viewer = await ctx.login('viewer@printco.example');
    const list = await ctx.request<MandantRecord[]>('GET', '/api/mandants', { token: viewer });
    expect(list.body.map((m) => m.slug)).toEqual(['printco']);
    expect(list.headers.get('content-range')).toBe('mandants 0-0/1');
    expect(list.body[0]!.settings).toMatchObject({ offset_rounding_t: 1 });

    const admin = await ctx.login('admin@printco.example');
    const id = await ctx.mandantId('printco');
    const renamed = await ctx.request<MandantRecord>('PUT', `/api/mandants/${id}`, {
      token: admin,
      body: { name: 'Print & Co KG', settings: { provider_name: 'Print & Co', primary_color: '#336699' } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Print & Co KG', settings: { primary_color: '#336699' } });
    expect((await ctx.request('PUT', `/api/mandants/${id}`, { token: admin, body: { active: false } })).status).toBe(
      403,
    );
    expect((await ctx.request('PUT', `/api/mandants/${id}`, { token: admin, body: { slug: 'other' } })).status).toBe(
      403,
    );
    // The whole record as react-admin sends it is fine while slug/active stay as they are.
    const whole = await ctx.request('PUT', `/api/mandants/${id}`, {
      token: admin,
      body: { ...renamed.body, name: 'Print & Co' },
    });
    expect(whole.status).toBe(200);
    const color = await ctx.request<{ errors: Record<string, string> }>('PUT', `/api/mandants/${id}`, {
      token: admin,
      body: { settings: { primary_color: 'red' } },
    });
    expect(color.status).toBe(400);
    expect(Object.keys(color.body.errors)[0]).toMatch(/primary_color/);
  });

  it('provider admins manage mandants: create, duplicate slug, delete only when empty', async () => {
    const token = await ctx.login('admin@kontor.example');
    const created = await ctx.request<MandantRecord>('POST', '/api/mandants', {
      token,
      body: { name: 'Neu GmbH', slug: 'neu' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Neu GmbH', slug: 'neu', active: true, settings: {}, version: 1 });
    const dup = await ctx.request<{ errors: Record<string, string> }>('POST', '/api/mandants', {
      token,
      body: { name: 'Again', slug: 'neu' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toHaveProperty('slug');
    expect(
      (await ctx.request('POST', '/api/mandants', { token, body: { name: 'Bad', slug: 'Bad Slug' } })).status,
    ).toBe(400);
    expect((await ctx.request('DELETE', `/api/mandants/${await ctx.mandantId('muster')}`, { token })).status).toBe(409);
    const deleted = await ctx.request<MandantRecord>('DELETE', `/api/mandants/${created.body.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.slug).toBe('neu');
  });

  it('never answers 500 for hostile input', async () => {
    const token = await ctx.login('admin@kontor.example');
    const muster = await ctx.mandantId('muster');
    const cases: Array<[string, string, unknown?]> = [
      ['GET', '/api/users/99999999999999'],
      ['GET', `/api/users?filter=${encodeURIComponent('{"id":99999999999999}')}`],
      ['GET', `/api/users?filter=${encodeURIComponent('{"q":"a\\u0000b"}')}`],
      ['GET', `/api/users?filter=${encodeURIComponent('{"name":"a\\u0000b"}')}`],
      ['GET', `/api/users?filter=${encodeURIComponent('{"q":"%_\\\\"}')}`], // wildcards are matched literally: no rows
      ['GET', `/api/users?range=${encodeURIComponent('[1e300,1e301]')}`],
      ['GET', `/api/users?sort=${encodeURIComponent('["id; drop table users","ASC"]')}`],
      [
        'POST',
        '/api/users',
        {
          email: 'nul@muster.example',
          name: 'a\u0000b',
          role: 'viewer',
          password: 'long-enough-pw',
          mandant_id: muster,
        },
      ],
      [
        'POST',
        '/api/users',
        {
          email: 'big@muster.example',
          name: 'Big',
          role: 'viewer',
          password: 'long-enough-pw',
          mandant_id: 99999999999999,
        },
      ],
      ['POST', '/api/users', [1, 2, 3]],
      ['POST', '/api/users', 'just a string'],
      ['POST', '/api/users', null],
      [
        'POST',
        '/api/invitations',
        { email: 'nul@muster.example', name: 'a\u0000b', role: 'viewer', mandant_id: muster },
      ],
      [
        'POST',
        '/api/invitations',
        { email: 'big@muster.example', name: 'Big', role: 'viewer', mandant_id: 99999999999999 },
      ],
      ['PUT', '/api/users/2', { version: 99999999999999 }],
      ['PUT', '/api/users/2', { name: { nested: true } }],
      ['PUT', '/api/mandants/1', { settings: 'not an object' }],
      ['DELETE', '/api/users/0'],
    ];
    for (const [method, url, body] of cases) {
      const res = await ctx.request<{ message?: string }>(method, url, { token, body });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      if (res.status >= 400) expect(typeof res.body.message).toBe('string');
      else expect(method, `${url} answered ${res.status}`).toBe('GET');
    }
    const nul = await ctx.request('GET', `/api/users?filter=${encodeURIComponent('{"q":"a\\u0000b"}')}`, { token });
    expect(nul.status).toBe(400);
    const users = await ctx.request('GET', '/api/users', { token });
    expect(users.status).toBe(200);
  });
});
