/**
 * Mandant isolation: a mandant admin can neither read, list, count, change nor delete another
 * mandant's users, and another mandant's ids answer 404 (never 403, which would confirm them).
 */
import { expect, it } from 'vitest';
import type { MandantRecord, UserRecord } from '../../../src/core/api';
import { describeEachDatabase } from '../harness';
import { inviteUser } from '../invite';

describeEachDatabase('mandant isolation', (ctx) => {
  it('lists and counts only the own mandant\u2019s users', async () => {
    const token = await ctx.login('admin@muster.example');
    const muster = await ctx.mandantId('muster');
    const res = await ctx.request<UserRecord[]>('GET', '/api/users?range=[0,99]', { token });
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.email).sort()).toEqual([
      'admin@muster.example',
      'editor@muster.example',
      'viewer@muster.example',
    ]);
    expect(res.headers.get('content-range')).toBe('users 0-2/3');
    expect(res.body.every((u) => u.mandant_id === muster)).toBe(true);
  });

  it('filters cannot reach other mandants: mandant_id, id arrays, q', async () => {
    const token = await ctx.login('admin@muster.example');
    const printco = await ctx.mandantId('printco');
    const printcoIds = (await ctx.db.selectFrom('users').select('id').where('mandant_id', '=', printco).execute()).map(
      (r) => r.id,
    );
    const byMandant = await ctx.request<UserRecord[]>(
      'GET',
      `/api/users?filter=${encodeURIComponent(JSON.stringify({ mandant_id: printco }))}`,
      { token },
    );
    expect(byMandant.body).toEqual([]);
    expect(byMandant.headers.get('content-range')).toBe('users */0');
    const byIds = await ctx.request<UserRecord[]>(
      'GET',
      `/api/users?filter=${encodeURIComponent(JSON.stringify({ id: printcoIds }))}`,
      { token },
    );
    expect(byIds.body).toEqual([]);
    const bySearch = await ctx.request<UserRecord[]>(
      'GET',
      `/api/users?filter=${encodeURIComponent('{"q":"printco"}')}`,
      { token },
    );
    expect(bySearch.body).toEqual([]);
    expect(bySearch.headers.get('content-range')).toMatch(/\/0$/);
    const provider = await ctx.request<UserRecord[]>(
      'GET',
      `/api/users?filter=${encodeURIComponent('{"mandant_id":null}')}`,
      { token },
    );
    expect(provider.body).toEqual([]);
  });

  it('another mandant\u2019s user answers 404 for read, update and delete, and stays unchanged', async () => {
    const token = await ctx.login('admin@muster.example');
    const foreign = await ctx.userId('editor@printco.example');
    const providerAdmin = await ctx.userId('admin@kontor.example');
    for (const id of [foreign, providerAdmin]) {
      expect((await ctx.request('GET', `/api/users/${id}`, { token })).status).toBe(404);
      expect((await ctx.request('PUT', `/api/users/${id}`, { token, body: { name: 'Hijacked' } })).status).toBe(404);
      expect(
        (await ctx.request('PUT', `/api/users/${id}`, { token, body: { name: 'Hijacked', version: 1 } })).status,
      ).toBe(404);
      expect((await ctx.request('DELETE', `/api/users/${id}`, { token })).status).toBe(404);
    }
    const row = await ctx.db
      .selectFrom('users')
      .select(['name', 'version'])
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Oliver Brown', version: 1 });
    // The 404 for a foreign id reads exactly like the one for an id that does not exist.
    const missing = await ctx.request<{ message: string }>('GET', '/api/users/987654', { token });
    const hidden = await ctx.request<{ message: string }>('GET', `/api/users/${foreign}`, { token });
    expect(hidden.body.message.replace(String(foreign), 'N')).toBe(missing.body.message.replace('987654', 'N'));
  });

  it('an invited user lands in the own mandant, whatever mandant_id is sent', async () => {
    const token = await ctx.login('admin@printco.example');
    const muster = await ctx.mandantId('muster');
    const smuggled = await ctx.request('POST', '/api/invitations', {
      token,
      body: { email: 'smuggled@printco.example', name: 'Smuggled', role: 'viewer', mandant_id: muster },
    });
    expect(smuggled.status).toBe(403);
    expect(
      await ctx.db
        .selectFrom('invitations')
        .select('id')
        .where('email', '=', 'smuggled@printco.example')
        .executeTakeFirst(),
    ).toBeUndefined();
    // The old direct route creates nobody, wherever it is pointed.
    const direct = await ctx.request('POST', '/api/users', {
      token,
      body: {
        email: 'smuggled@printco.example',
        name: 'Smuggled',
        role: 'viewer',
        password: 'long-enough-pw',
        mandant_id: muster,
      },
    });
    expect(direct.status).toBe(400);
    expect(
      await ctx.db.selectFrom('users').select('id').where('email', '=', 'smuggled@printco.example').executeTakeFirst(),
    ).toBeUndefined();
    const placed = await inviteUser(
      ctx,
      token,
      { email: 'placed@printco.example', name: 'Placed', role: 'viewer' },
      'long-enough-pw',
    );
    expect(placed.mandant_id).toBe(await ctx.mandantId('printco'));
    // Clean up so the user counts of the other tests stay as seeded.
    expect((await ctx.request('DELETE', `/api/users/${placed.id}`, { token })).status).toBe(200);
  });

  it('mandants: another mandant answers 404 for read and update', async () => {
    const token = await ctx.login('admin@muster.example');
    const printco = await ctx.mandantId('printco');
    expect((await ctx.request('GET', `/api/mandants/${printco}`, { token })).status).toBe(404);
    expect((await ctx.request('PUT', `/api/mandants/${printco}`, { token, body: { name: 'Mine now' } })).status).toBe(
      404,
    );
    const list = await ctx.request<MandantRecord[]>(
      'GET',
      `/api/mandants?filter=${encodeURIComponent(JSON.stringify({ id: [printco] }))}`,
      { token },
    );
    expect(list.body).toEqual([]);
  });

  it('provider admins see every mandant\u2019s users', async () => {
    const token = await ctx.login('admin@kontor.example');
    const res = await ctx.request<UserRecord[]>('GET', '/api/users', { token });
    expect(res.headers.get('content-range')).toBe('users 0-6/7');
  });
});
