/**
 * A resource can adjust the protocol entries rest-resource writes for it (action, label, fields
 * left out of the diff), and an override left undefined keeps the default.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MandantRecord, ProtocolEntryRecord } from '../../../src/core/api';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { registerRestResource } from '../../../src/server/http/rest-resource';
import { mandantsResource } from '../../../src/server/mandants/resource';

describe('protocol overrides of a resource', () => {
  let app: FastifyInstance;
  let dir: string;
  let token: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-protocol-hook-'));
    app = await buildApp({
      config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_PASSWORD: 'kontor-demo', STATIC_DIR: dir }),
    });
    registerRestResource(app, app.kontor.db, {
      ...mandantsResource,
      name: 'hooked-mandants',
      protocol: (change) => ({
        action:
          change.operation === 'update' && change.previous?.active !== change.record.active
            ? 'status_changed'
            : undefined,
        label: `Mandant ${change.record.slug}`,
        ignore: ['created_at', 'updated_at', 'version', 'settings'],
      }),
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

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  it('applies the overrides and keeps the defaults where they are undefined', async () => {
    const created = (await call('POST', '/api/hooked-mandants', { name: 'Hook', slug: 'hook' })).json<MandantRecord>();
    expect(
      (await call('PUT', `/api/hooked-mandants/${created.id}`, { name: 'Hook 2', settings: { logo_url: 'x' } }))
        .statusCode,
    ).toBe(200);
    expect((await call('PUT', `/api/hooked-mandants/${created.id}`, { active: false })).statusCode).toBe(200);
    const filter = encodeURIComponent(JSON.stringify({ resource: 'hooked-mandants', record_id: String(created.id) }));
    const list = (await call('GET', `/api/protocol?filter=${filter}&sort=["id","ASC"]`)).json<ProtocolEntryRecord[]>();
    expect(list.map((e) => [e.action, e.record_label, e.mandant_id])).toEqual([
      ['created', 'Mandant hook', created.id],
      ['updated', 'Mandant hook', created.id],
      ['status_changed', 'Mandant hook', created.id],
    ]);
    expect(list[1]!.changes).toEqual({ name: { old: 'Hook', new: 'Hook 2' } });
    expect(list[2]!.changes).toEqual({ active: { old: true, new: false } });
  });
});
