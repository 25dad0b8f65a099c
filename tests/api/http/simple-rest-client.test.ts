/**
 * The unchanged ra-data-simple-rest client, as the SPA uses it, against the real server on a real
 * port: proves the server speaks the dialect react-admin expects.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { beforeAll, expect, it } from 'vitest';
import type { InvitationRecord, UserRecord } from '../../../src/core/api';
import { describeEachDatabase } from '../harness';
import { invitationToken } from '../invite';

describeEachDatabase('ra-data-simple-rest client against /api/users', (ctx) => {
  let provider: DataProvider;
  let muster: number;
  let printco: number;

  beforeAll(async () => {
    const token = await ctx.login('admin@kontor.example');
    const httpClient = (url: string, options: fetchUtils.Options = {}) => {
      const headers = new Headers(options.headers ?? { Accept: 'application/json' });
      headers.set('Authorization', `Bearer ${token}`);
      return fetchUtils.fetchJson(url, { ...options, headers });
    };
    provider = simpleRestProvider(`${ctx.baseUrl}/api`, httpClient);
    muster = await ctx.mandantId('muster');
    printco = await ctx.mandantId('printco');
  });

  it('getList sorts, pages and filters (incl. q)', async () => {
    const page = await provider.getList<UserRecord>('users', {
      pagination: { page: 2, perPage: 3 },
      sort: { field: 'email', order: 'ASC' },
      filter: {},
    });
    expect(page.total).toBe(7);
    expect(page.data.map((u) => u.email)).toEqual([
      'editor@muster.example',
      'editor@printco.example',
      'viewer@muster.example',
    ]);
    const filtered = await provider.getList<UserRecord>('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'muster', role: 'editor' },
    });
    expect(filtered.total).toBe(1);
    expect(filtered.data[0]!.email).toBe('editor@muster.example');
  });

  it('getOne and getMany', async () => {
    const { data } = await provider.getOne<UserRecord>('users', { id: 1 });
    expect(data.email).toBe('admin@kontor.example');
    const many = await provider.getMany<UserRecord>('users', { ids: [2, 5] });
    expect(many.data.map((u) => u.id).sort()).toEqual([2, 5]);
  });

  it('getManyReference: users by mandant_id', async () => {
    const ref = await provider.getManyReference<UserRecord>('users', {
      target: 'mandant_id',
      id: printco,
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(ref.total).toBe(3);
    expect(ref.data).toHaveLength(2);
    expect(ref.data.every((u) => u.mandant_id === printco)).toBe(true);
  });

  it('create (an invitation, accepted), update (whole record with version), updateMany (partial), delete, deleteMany', async () => {
    const invited = await Promise.all(
      ['one', 'two', 'three'].map((n) =>
        provider.create<InvitationRecord>('invitations', {
          data: { email: `client-${n}@muster.example`, name: `Client ${n}`, role: 'viewer', mandant_id: muster },
        }),
      ),
    );
    expect(invited[0]!.data).toMatchObject({ email: 'client-one@muster.example', version: 1 });
    for (const { data } of invited) {
      const accepted = await ctx.request('POST', '/api/auth/accept-invitation', {
        body: { token: invitationToken(ctx, data.email), password: 'client-password' },
      });
      expect(accepted.status).toBe(200);
    }
    const ids = await Promise.all(invited.map(({ data }) => ctx.userId(data.email)));
    const created = await Promise.all(ids.map((id) => provider.getOne<UserRecord>('users', { id })));
    expect(created[0]!.data).toMatchObject({ email: 'client-one@muster.example', version: 1 });

    const updated = await provider.update<UserRecord>('users', {
      id: ids[0]!,
      data: { ...created[0]!.data, name: 'Client Eins' },
      previousData: created[0]!.data,
    });
    expect(updated.data).toMatchObject({ name: 'Client Eins', version: 2 });
    await expect(
      provider.update<UserRecord>('users', {
        id: ids[0]!,
        data: { ...created[0]!.data, name: 'stale' },
        previousData: created[0]!.data,
      }),
    ).rejects.toMatchObject({ status: 409 });

    const many = await provider.updateMany('users', { ids, data: { language: 'es' } });
    expect([...(many.data ?? [])].sort()).toEqual([...ids].sort());
    const after = await provider.getMany<UserRecord>('users', { ids });
    expect(after.data.every((u) => u.language === 'es')).toBe(true);

    const deleted = await provider.delete<UserRecord>('users', { id: ids[0]!, previousData: updated.data });
    expect(deleted.data.email).toBe('client-one@muster.example');
    const deletedMany = await provider.deleteMany('users', { ids: ids.slice(1) });
    expect([...(deletedMany.data ?? [])].sort()).toEqual(ids.slice(1).sort());
    const rest = await provider.getList('users', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(rest.total).toBe(7);
  });

  it('errors reach react-admin as HttpError with the server message', async () => {
    await expect(provider.getOne('users', { id: 424242 })).rejects.toMatchObject({
      status: 404,
      body: { message: expect.any(String) },
    });
  });
});
