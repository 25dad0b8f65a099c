/**
 * Regression tests for issue #17, findings 3, 4 and 9: names of Object.prototype members as sort and
 * filter keys on every list (and the CSV export), streamed CSV downloads that fail before or after
 * their first byte, and JSON nested deeper than any record or filter (bodies and query parameters).
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactorDatabaseRecord, ProtocolEntryRecord } from '../../../src/core/api';
import { sendCsvDownload } from '../../../src/server/http/csv-download';
import { msg } from '../../../src/core/i18n/error-keys';
import { badRequest, registerErrorHandler } from '../../../src/server/http/errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../src/server/http/json-limits';
import { describeEachDatabase } from '../harness';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'isPrototypeOf',
];
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const nestedObject = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
}

describeEachDatabase('hostile input', (ctx) => {
  let provider = '';
  let mandantAdmin = '';
  let listPaths: string[] = [];
  beforeAll(async () => {
    provider = await ctx.login('admin@kontor.example');
    mandantAdmin = await ctx.login('admin@printco.example');
    const doc = (await ctx.request<OpenApi>('GET', '/api/openapi.json')).body;
    listPaths = Object.entries(doc.paths)
      .filter(([, ops]) => ops.get?.parameters?.some((p) => p.in === 'query' && p.name === 'sort'))
      .map(([path]) => path);
  });

  /** The answer of whoever may read `path` (some lists are for mandant users only). */
  const asReader = async (path: string) => {
    const first = await ctx.request<{ message: string }>('GET', await withOwnerId(path), { token: provider });
    if (first.status !== 403 && first.status !== 404) return first;
    return ctx.request<{ message: string }>('GET', await withOwnerId(path, mandantAdmin), { token: mandantAdmin });
  };

  /**
   * A list under a record (`/api/storefronts/{id}/webhook-deliveries`) with `{id}` set to the first record the reader
   * sees in the parent list, so the list itself is what the hostile parameters reach.
   */
  const withOwnerId = async (path: string, token = provider) => {
    const at = path.indexOf('/{id}');
    if (at < 0) return path;
    return path.replace('{id}', String((await ownerId(path.slice(0, at), token)) ?? 'none'));
  };
  /** The parent list is read once per reader: every hostile parameter of the list under it reuses the id. */
  const ownerIds = new Map<string, Promise<number | undefined>>();
  const ownerId = (parentPath: string, token: string) => {
    const key = `${token} ${parentPath}`;
    if (!ownerIds.has(key)) {
      ownerIds.set(
        key,
        ctx
          .request<Array<{ id: number }>>('GET', parentPath, { token })
          .then((parents) => (Array.isArray(parents.body) ? parents.body[0]?.id : undefined)),
      );
    }
    return ownerIds.get(key)!;
  };

  it('finds the lists in the OpenAPI document', () => {
    expect(listPaths).toEqual(
      expect.arrayContaining([
        '/api/users',
        '/api/protocol',
        '/api/protocol/export.csv',
        '/api/templates',
        '/api/imports',
        '/api/factors',
        '/api/migrations',
        '/api/migration-items',
      ]),
    );
  });

  it('answers 400 for prototype member names as sort fields and filter keys on every list', async () => {
    const failures: string[] = [];
    for (const path of listPaths) {
      for (const name of PROTOTYPE_NAMES) {
        const cases: Array<Record<string, string>> = [
          { sort: JSON.stringify([name, 'ASC']) },
          { filter: JSON.stringify({ [name]: 1 }) },
          { filter: `{"${name}_gte":1}` },
          { filter: `{"${name}":[1,2]}` },
        ];
        for (const params of cases) {
          const res = await asReader(`${path}${q(params)}`);
          const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
          if (res.status !== 400 || !/sort|filter|sortier|filtr/i.test(text))
            failures.push(`${path} ${JSON.stringify(params)} → ${res.status} ${text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers the CSV export with a bad sort field 400 JSON before any CSV byte', async () => {
    const res = await ctx.request<{ message: string; errors: Record<string, string> }>(
      'GET',
      `/api/protocol/export.csv${q({ sort: '["constructor","ASC"]' })}`,
      { token: provider },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.body.errors.sort).toMatch(/constructor/);
  });

  it('still exports the protocol as CSV', async () => {
    const res = await ctx.request<string>('GET', `/api/protocol/export.csv${q({ sort: '["id","ASC"]' })}`, {
      token: provider,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.body.split('\r\n').length).toBeGreaterThan(1);
  });

  it('keeps a "constructor" key of mandant settings in the protocol diff as a field of its own', async () => {
    const id = await ctx.mandantId('printco');
    const before = (await ctx.request<{ version: number }>('GET', `/api/mandants/${id}`, { token: mandantAdmin })).body;
    const res = await ctx.request('PUT', `/api/mandants/${id}`, {
      token: mandantAdmin,
      body: { settings: { constructor: 'x', toString: 'y' }, version: before.version },
    });
    expect(res.status).toBe(200);
    const entries = await ctx.request<ProtocolEntryRecord[]>(
      'GET',
      `/api/protocol${q({ filter: JSON.stringify({ resource: 'mandants', record_id: String(id) }) })}`,
      { token: mandantAdmin },
    );
    expect(entries.body[0]!.changes).toMatchObject({
      'settings.constructor': { old: null, new: 'x' },
      'settings.toString': { old: null, new: 'y' },
    });
  });

  it('refuses a factor CSV whose labels JSON names "__proto__" (no 500)', async () => {
    const created = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: provider,
      body: { name: 'hostile labels', version_label: 'h1', valid_from: '2026-01-01' },
    });
    expect(created.status).toBe(201);
    const csv = 'key,category,unit,value,labels\nk_one,paper,kg,1,"{""__proto__"":{""de"":5}}"\n';
    const res = await ctx.request<{ message: string }>('POST', `/api/databases/${created.body.id}/import`, {
      token: provider,
      body: { csv },
    });
    expect(res.status).toBe(400);
    const own = 'key,category,unit,value,labels\nk_one,paper,kg,1,"{""__proto__"":""Papier"",""en"":""Paper""}"\n';
    expect(
      (await ctx.request('POST', `/api/databases/${created.body.id}/import`, { token: provider, body: { csv: own } }))
        .status,
    ).toBe(200);
  });

  describe('deep nesting', () => {
    it('answers 400 for mandant settings nested 6,000 levels', async () => {
      const id = await ctx.mandantId('printco');
      const body = `{"settings":{"x":${nested(6000)}}}`;
      const res = await ctx.request<{ message: string }>('PUT', `/api/mandants/${id}`, {
        token: mandantAdmin,
        rawBody: body,
        headers: { 'accept-language': 'en' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/nested too deeply|verschachtelt/);
    });

    it('answers 400 for a migration filter nested 6,000 levels, as a body and as a list filter', async () => {
      const editor = await ctx.login('editor@printco.example');
      const res = await ctx.request<{ message: string }>('POST', '/api/migrations', {
        token: editor,
        rawBody: `{"to_database_id":1,"filter":{"tags":${nested(6000)}}}`,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/nested too deeply|verschachtelt/);
      for (const path of ['/api/calculations', '/api/migrations', '/api/carbon-offset-projects', '/api/templates']) {
        const list = await ctx.request<{ message: string; errors: Record<string, string> }>(
          'GET',
          `${path}${q({ filter: `{"q":${nested(1000)}}` })}`,
          { token: editor },
        );
        expect(list.status, path).toBe(400);
        expect(list.body.errors.filter).toBeTruthy();
      }
    });

    it('answers 400 for deep JSON in an import mapping', async () => {
      const editor = await ctx.login('editor@printco.example');
      const res = await ctx.request('POST', `/api/imports${q({ template: 'x', mapping: `{"a":${nested(1000)}}` })}`, {
        token: editor,
        rawBody: 'a,b\n1,2\n',
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.status).toBe(400);
    });

    it('accepts nesting up to the bound', async () => {
      const id = await ctx.mandantId('printco');
      const before = (await ctx.request<{ version: number }>('GET', `/api/mandants/${id}`, { token: mandantAdmin }))
        .body;
      const res = await ctx.request('PUT', `/api/mandants/${id}`, {
        token: mandantAdmin,
        body: { settings: { deep: nestedObject(MAX_JSON_DEPTH - 3) }, version: before.version },
      });
      expect(res.status).toBe(200);
    });
  });
});

describe('JSON depth count', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('[[["a"]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[["a"]]]]', 3)).toBe(true);
    expect(nestsDeeperThan(`["${'['.repeat(100)}", "\\"[[[["]`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"a":{"b":{}}}`, 2)).toBe(true);
  });
});

describe('streamed CSV downloads', () => {
  const app = Fastify({ logger: false });
  let baseUrl = '';
  beforeAll(async () => {
    registerErrorHandler(app);
    const fail = (after: number) =>
      async function* batches(): AsyncGenerator<string> {
        for (let i = 0; i < 5; i++) {
          if (i === after) throw new Error('database went away');
          yield `row ${i}\r\n`.repeat(2000);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
    app.get('/complete', (_request, reply) => sendCsvDownload(reply, 'a.csv', 'h\r\n', fail(-1)()));
    app.get('/first-batch-fails', (_request, reply) => sendCsvDownload(reply, 'a.csv', 'h\r\n', fail(0)()));
    app.get('/refused', (_request, reply) =>
      sendCsvDownload(reply, 'a.csv', 'h\r\n', {
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.reject(badRequest(msg('errors.list.cannotSort', { field: 'x' }))),
        }),
      }),
    );
    app.get('/later-batch-fails', (_request, reply) => sendCsvDownload(reply, 'a.csv', 'h\r\n', fail(2)()));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => app.close());

  it('sends the whole file when nothing fails', async () => {
    const res = await fetch(`${baseUrl}/complete`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.csv"');
    expect((await res.text()).split('\r\n')).toHaveLength(1 + 5 * 2000 + 1);
  });

  it('answers a failure in the first batch with its status and message, not 200', async () => {
    const refused = await fetch(`${baseUrl}/refused`, { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'Cannot sort by "x".' });
    const failed = await fetch(`${baseUrl}/first-batch-fails`);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toMatch(/json/);
  });

  it('breaks the transfer off when a later batch fails, so the file cannot pass for complete', async () => {
    const res = await fetch(`${baseUrl}/later-batch-fails`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});
