/**
 * The extension points other resources rely on: onChange runs inside the write's transaction
 * (a failure there rolls the write back), and custom filters add SQL of the resource's own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MandantRecord } from '../../../src/core/api';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { badRequest, rendered } from '../../../src/server/http/errors';
import { registerRestResource, type RecordChange } from '../../../src/server/http/rest-resource';
import { mandantsResource } from '../../../src/server/mandants/resource';

describe('registerRestResource extension points', () => {
  let app: FastifyInstance;
  let dir: string;
  let token: string;
  const changes: RecordChange<MandantRecord>[] = [];
  let hookWrites = 0;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-ext-'));
    app = await buildApp({
      config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_PASSWORD: 'kontor-demo', STATIC_DIR: dir }),
    });
    registerRestResource(app, app.kontor.db, {
      ...mandantsResource,
      name: 'test-mandants',
      async onChange(change, ctx) {
        // Written through ctx.db, i.e. inside the same transaction as the change itself.
        await ctx.db
          .insertInto('login_known_addresses')
          .values({ email: `change:${change.operation}`, ip: String(hookWrites++), last_success_at: '-' })
          .execute();
        if (change.record.name === 'Explode') throw badRequest(rendered('onChange refused this record.'));
        changes.push(change);
      },
      customFilters: {
        rounding: (value) => {
          if (typeof value !== 'number') throw badRequest(rendered('rounding must be a number.'));
          return sql<boolean>`${sql.ref('settings')} like ${`%"offset_rounding_t":${value}%`}`;
        },
      },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@kontor.example', password: 'kontor-demo' },
    });
    token = login.json<{ token: string }>().token;
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  it('runs onChange for create, update and delete with the records', async () => {
    const created = await call('POST', '/api/test-mandants', { name: 'Hooked', slug: 'hooked' });
    expect(created.statusCode).toBe(201);
    const id = created.json<MandantRecord>().id;
    expect((await call('PUT', `/api/test-mandants/${id}`, { name: 'Hooked 2' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/test-mandants/${id}`)).statusCode).toBe(200);
    expect(changes.map((c) => [c.operation, c.record.name, c.previous?.name ?? null])).toEqual([
      ['create', 'Hooked', null],
      ['update', 'Hooked 2', 'Hooked'],
      ['delete', 'Hooked 2', 'Hooked 2'],
    ]);
  });

  it('rolls the write and the hook’s own writes back when onChange throws', async () => {
    const res = await call('POST', '/api/test-mandants', { name: 'Explode', slug: 'explode' });
    expect(res.statusCode).toBe(400);
    const db = app.kontor.db;
    expect(
      await db.selectFrom('mandants').select('id').where('slug', '=', 'explode').executeTakeFirst(),
    ).toBeUndefined();
    const hookRows = await db
      .selectFrom('login_known_addresses')
      .select('email')
      .where('email', 'like', 'change:%')
      .execute();
    expect(hookRows).toHaveLength(3);
  });

  it('applies custom filters and validates their values', async () => {
    const res = await call('GET', `/api/test-mandants?filter=${encodeURIComponent('{"rounding":0.1}')}`);
    expect(res.json<MandantRecord[]>().map((m) => m.slug)).toEqual(['muster']);
    expect((await call('GET', `/api/test-mandants?filter=${encodeURIComponent('{"rounding":"x"}')}`)).statusCode).toBe(
      400,
    );
    expect((await call('GET', `/api/mandants?filter=${encodeURIComponent('{"rounding":1}')}`)).statusCode).toBe(400);
  });
});
