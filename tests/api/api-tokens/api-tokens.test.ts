/**
 * Personal API tokens: created once with a name and lifetime, stored only as a hash, usable as `Bearer` for every
 * API call as their user (same mandant scope), listable without the secret, revocable, expiring.
 */
import { expect, it } from 'vitest';
import {
  API_TOKEN_PREFIX,
  type ApiTokenRecord,
  type CreatedApiToken,
  type ProtocolEntryRecord,
  type SessionUser,
} from '../../../src/core/api';
import { describeEachDatabase } from '../harness';

describeEachDatabase('api tokens', (ctx) => {
  async function create(session: string, name = 'ERP export', days = 30) {
    return ctx.request<CreatedApiToken>('POST', '/api/auth/tokens', {
      token: session,
      body: { name, expires_in_days: days },
    });
  }

  it('creates a token shown once, stores only its hash, and lists it without the secret', async () => {
    const session = await ctx.login('admin@printco.example');
    const res = await create(session);
    expect(res.status).toBe(201);
    expect(res.body.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(res.body).toMatchObject({ name: 'ERP export', last_used_at: null });
    const lifetime = Date.parse(res.body.expires_at) - Date.parse(res.body.created_at);
    expect(Math.round(lifetime / 86_400_000)).toBe(30);

    const rows = await ctx.db
      .withTables<{ api_tokens: { token_hash: string } }>()
      .selectFrom('api_tokens')
      .select('token_hash')
      .execute();
    expect(rows.some((row) => row.token_hash === res.body.token || row.token_hash.includes(res.body.token))).toBe(
      false,
    );
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);

    const list = await ctx.request<ApiTokenRecord[]>('GET', '/api/auth/tokens', { token: session });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toEqual({
      id: res.body.id,
      name: 'ERP export',
      created_at: res.body.created_at,
      expires_at: res.body.expires_at,
      last_used_at: null,
    });
  });

  it("authenticates API calls as its user, within the user's mandant, and records the last use", async () => {
    const session = await ctx.login('editor@muster.example');
    const { body: created } = await create(session);
    const me = await ctx.request<SessionUser>('GET', '/api/auth/me', { token: created.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('editor@muster.example');

    const muster = await ctx.mandantId('muster');
    const printco = await ctx.mandantId('printco');
    expect((await ctx.request('GET', `/api/mandants/${muster}`, { token: created.token })).status).toBe(200);
    expect((await ctx.request('GET', `/api/mandants/${printco}`, { token: created.token })).status).toBe(404);

    const list = await ctx.request<ApiTokenRecord[]>('GET', '/api/auth/tokens', { token: session });
    expect(list.body[0]!.last_used_at).not.toBeNull();
  });

  it('cannot create further tokens with a token, only after signing in with a password', async () => {
    const session = await ctx.login('editor@muster.example');
    const { body: created } = await create(session);
    const res = await create(created.token, 'child');
    expect(res.status).toBe(403);
  });

  it('revokes a token at once; other users cannot revoke or see it', async () => {
    const session = await ctx.login('editor@muster.example');
    const other = await ctx.login('viewer@muster.example');
    const { body: created } = await create(session);

    expect((await ctx.request<ApiTokenRecord[]>('GET', '/api/auth/tokens', { token: other })).body).toEqual([]);
    expect((await ctx.request('DELETE', `/api/auth/tokens/${created.id}`, { token: other })).status).toBe(404);
    expect((await ctx.request('GET', '/api/auth/me', { token: created.token })).status).toBe(200);

    expect((await ctx.request('DELETE', `/api/auth/tokens/${created.id}`, { token: session })).status).toBe(204);
    expect((await ctx.request('GET', '/api/auth/me', { token: created.token })).status).toBe(401);
    expect((await ctx.request('DELETE', `/api/auth/tokens/${created.id}`, { token: session })).status).toBe(404);
    const left = (await ctx.request<ApiTokenRecord[]>('GET', '/api/auth/tokens', { token: session })).body;
    expect(left.map((token) => token.id)).not.toContain(created.id);
  });

  it('refuses an expired token and an unknown one with 401', async () => {
    const session = await ctx.login('editor@muster.example');
    const { body: created } = await create(session);
    await ctx.db
      .withTables<{ api_tokens: { id: number; expires_at: string } }>()
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    expect((await ctx.request('GET', '/api/auth/me', { token: created.token })).status).toBe(401);
    expect((await ctx.request('GET', '/api/auth/me', { token: `${API_TOKEN_PREFIX}nope` })).status).toBe(401);
  });

  it('validates name and lifetime, and needs a sign-in', async () => {
    const session = await ctx.login('editor@muster.example');
    for (const body of [
      { name: '', expires_in_days: 30 },
      { name: 'x', expires_in_days: 0 },
      { name: 'x', expires_in_days: 366 },
      { name: 'x' },
      { name: '   ', expires_in_days: 5 },
    ]) {
      const res = await ctx.request<{ errors?: Record<string, string> }>('POST', '/api/auth/tokens', {
        token: session,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await ctx.request('GET', '/api/auth/tokens')).status).toBe(401);
    expect((await ctx.request('POST', '/api/auth/tokens', { body: { name: 'x', expires_in_days: 1 } })).status).toBe(
      401,
    );
  });

  it('writes creating and revoking a token to the protocol, with its name but never its secret', async () => {
    const session = await ctx.login('editor@muster.example');
    const { body: created } = await create(session, 'Protokollierter Export');
    expect((await ctx.request('DELETE', `/api/auth/tokens/${created.id}`, { token: session })).status).toBe(204);

    const admin = await ctx.login('admin@muster.example');
    const filter = encodeURIComponent(JSON.stringify({ resource: 'api-tokens' }));
    const entries = await ctx.request<ProtocolEntryRecord[]>(
      'GET',
      `/api/protocol?filter=${filter}&sort=${encodeURIComponent('["id","ASC"]')}`,
      { token: admin },
    );
    expect(entries.status).toBe(200);
    const mine = entries.body.filter((e) => e.record_id === String(created.id));
    expect(mine.map((e) => e.action)).toEqual(['created', 'deleted']);
    for (const entry of mine) {
      expect(entry).toMatchObject({
        resource: 'api-tokens',
        record_label: 'Protokollierter Export',
        user_email: 'editor@muster.example',
        mandant_id: await ctx.mandantId('muster'),
      });
      expect(JSON.stringify(entry)).not.toContain(API_TOKEN_PREFIX);
    }
    // Another mandant's admin does not see them.
    const foreign = await ctx.request<ProtocolEntryRecord[]>('GET', `/api/protocol?filter=${filter}`, {
      token: await ctx.login('admin@printco.example'),
    });
    expect(foreign.body.filter((e) => e.record_id === String(created.id))).toHaveLength(0);
  });
});
