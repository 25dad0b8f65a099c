/**
 * The fuzz suite of issue #17: every route of the served OpenAPI document gets malformed and
 * hostile requests — wrong-typed and malformed bodies, prototype member names as body keys, sort
 * fields and filter keys, deep nesting, huge and negative numbers, NUL and odd Unicode, very long
 * strings, bad `sort`/`range`/`filter`, junk query parameters, wrong content types, real ids of the
 * caller's mandant, missing ids and junk ids — as a mandant admin, a provider admin, a viewer and
 * nobody. No answer may be a 5xx or show a stack trace, SQL or a server file path, and the server
 * must still be healthy afterwards.
 *
 * Seeded and bounded: FUZZ_SEED (default below, printed) and FUZZ_REQUESTS_PER_ROUTE pick the run;
 * the same seed on a fresh database sends the same requests in the same order. A failure lists the
 * requests to replay.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../harness';

const SEED = Number(process.env.FUZZ_SEED ?? 1717);
const PER_ROUTE = Number(process.env.FUZZ_REQUESTS_PER_ROUTE ?? 30);

type Caller = 'mandantAdmin' | 'providerAdmin' | 'viewer' | 'nobody';
const ACCOUNTS: Record<Exclude<Caller, 'nobody'>, string> = {
  mandantAdmin: 'admin@printco.example',
  providerAdmin: 'admin@kontor.example',
  viewer: 'viewer@printco.example',
};

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
interface Route {
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: Schema | null;
}

/** What one fuzzed request is made of; ids are choices resolved against the pools at send time. */
interface FuzzCase {
  caller: Caller;
  ids: Array<{ kind: 'real'; index: number } | { kind: 'missing'; value: string } | { kind: 'junk'; value: string }>;
  query: Array<[string, string]>;
  /** `base`: a real record of the caller's, with `key` (unless null) set to `value`. */
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'base'; key: string | null; value: unknown }
    | { kind: 'raw'; text: string; type: string | null };
}

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'isPrototypeOf',
  '__defineGetter__',
];

/** Text that must never reach a client; generated strings never contain any of it. */
const LEAKS: Array<[string, RegExp]> = [
  ['stack trace', / {4}at /],
  ['SQL text', /select |insert into|SQLITE_|syntax error at|relation "/i],
  ['server file path', /\/work\/|node_modules|src\/server|file:\/\/|\.ts:\d+:\d+/],
];

const deepArray = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 bytes it would be. */
function encodeLoosely(text: string): string {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (ch) =>
    ch.length === 1 && ch >= '\uD800' && ch <= '\uDFFF' ? '%ED%A0%80' : encodeURIComponent(ch),
  );
}

/** An object with `key` as an own property, also for "__proto__" (JSON.stringify keeps it). */
function withKey(base: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...base };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\u202Eevil',
    '\uFEFF',
    '😀'.repeat(50),
    'x'.repeat(20_000),
    "' OR 1=1 --",
    '1; DROP TABLE users',
    '%',
    '_',
    '\\',
    '<script>alert(1)</script>',
    '=1+2',
    '../../etc/passwd',
    'null',
    'NaN',
    '2026-13-45',
    '9999-12-31T99:99:99Z',
    ...PROTOTYPE_KEYS,
  ),
  fc.string({ maxLength: 30, unit: 'grapheme' }),
  fc.string({ maxLength: 10, unit: 'binary' }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    1.5,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { '': 1 }),
  anyJson,
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => withKey({}, key, { polluted: true })),
  fc.constantFrom(40, 70, 200).map((levels) => JSON.parse(deepArray(levels)) as unknown),
  fc.constantFrom(40, 70, 200).map((levels) => JSON.parse(deepObject(levels)) as unknown),
);

/** A value that fits `schema` (hostile: most of the time, some leaves hostile instead). */
function valueFor(schema: Schema | undefined, depth = 0, hostile = true): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return hostile ? hostileValue : anyJson;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  let fitting: fc.Arbitrary<unknown>;
  if (schema.enum) fitting = fc.constantFrom(...schema.enum);
  else if (type === 'integer') {
    const min = schema.minimum ?? -5;
    fitting = fc.integer({ min, max: Math.min(schema.maximum ?? min + 50, min + 50) });
  } else if (type === 'number') fitting = fc.double({ min: -10, max: 1000, noNaN: true });
  else if (type === 'boolean') fitting = fc.boolean();
  else if (type === 'string') fitting = fc.string({ maxLength: Math.min(schema.maxLength ?? 20, 20) });
  else if (type === 'array') fitting = fc.array(valueFor(schema.items, depth + 1, hostile), { maxLength: 3 });
  else if (type === 'object' || schema.properties) fitting = objectFor(schema, depth, hostile);
  else fitting = anyJson;
  return hostile ? fc.oneof({ arbitrary: fitting, weight: 4 }, { arbitrary: hostileValue, weight: 1 }) : fitting;
}

function objectFor(schema: Schema, depth: number, hostile: boolean): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, valueFor(property, depth + 1, hostile)]),
  );
  const record = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  if (!hostile) return record as fc.Arbitrary<Record<string, unknown>>;
  return fc
    .tuple(record, fc.option(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'unknown_field'), hostileValue), { freq: 4 }))
    .map(([value, extra]) =>
      extra ? withKey(value as Record<string, unknown>, extra[0], extra[1]) : (value as Record<string, unknown>),
    );
}

const sortParam = fc.oneof(
  fc.constantFrom(
    '["id","ASC"]',
    '["id","DESC"]',
    '["name","DESC"]',
    '["id","SIDEWAYS"]',
    '["id"]',
    '{"field":"id"}',
    '"id"',
    '[1,2]',
    'not json',
    '',
    '[null,null]',
  ),
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => JSON.stringify([key, 'ASC'])),
  fc.constantFrom(40, 80, 1000).map(deepArray),
  hostileString.map((field) => JSON.stringify([field, 'ASC'])),
);
const rangeParam = fc.oneof(
  fc.constantFrom(
    '[0,9]',
    '[0,999]',
    '[5,1]',
    '[-1,3]',
    '[0,1e20]',
    '[0,"a"]',
    '[0.5,2]',
    '[0,100000]',
    '[9007199254740993,9007199254740999]',
    '[]',
    '{}',
    'x',
    '',
  ),
  fc.tuple(hostileNumber, hostileNumber).map((pair) => JSON.stringify(pair)),
);
const filterParam = fc.oneof(
  fc.constantFrom(
    '{}',
    '{"q":"x"}',
    '{"q":""}',
    '{"q":5}',
    '{"id":[1,2,3]}',
    '{"id":[]}',
    '{"id":"abc"}',
    '{"id_gte":1,"id_lte":0}',
    '{"active":"maybe"}',
    '[1,2]',
    'null',
    '"x"',
    '{bad',
    '{"q":"%_\\\\"}',
  ),
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => `{"${key}":1}`),
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => `{"${key}_gte":"2026-01-01"}`),
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => `{"q":"${key}","id":[1]}`),
  fc.constantFrom(40, 80, 1000).map((levels) => `{"q":${deepArray(levels)}}`),
  fc.constantFrom(40, 80).map(deepObject),
  fc
    .tuple(
      fc.constantFrom(
        'id',
        'name',
        'status',
        'mandant_id',
        'created_at',
        'tags',
        'migration_id',
        'database_id',
        'type',
        'at_gte',
        'action',
      ),
      hostileValue,
    )
    .map(([key, value]) => JSON.stringify({ [key]: value })),
);
const junkParam = fc.tuple(
  fc.constantFrom('__proto__', 'constructor', 'a[b][c]', 'sort[]', 'filter[q]', 'x', '', 'toString'),
  fc.oneof(hostileString, fc.constant('')),
) as fc.Arbitrary<[string, string]>;

/** Query parameters: hostile ones, or (hostile false) fitting ones that let the request reach its work. */
function queryFor(route: Route, hostile: boolean): fc.Arbitrary<Array<[string, string]>> {
  const parts = route.queryParams.map((param): fc.Arbitrary<[string, string] | null> => {
    const name = param.name;
    const list = hostile
      ? { sort: sortParam, range: rangeParam, filter: filterParam }
      : { sort: fc.constant('["id","DESC"]'), range: fc.constant('[0,9]'), filter: fc.constant('{}') };
    const value =
      name === 'sort' || name === 'range' || name === 'filter'
        ? list[name]
        : valueFor(param.schema, 0, hostile).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
    const pair = value.map((v): [string, string] => [name, v]);
    return !hostile && param.required ? pair : fc.option(pair, { freq: 3 });
  });
  return fc
    .tuple(fc.tuple(...parts), hostile ? fc.array(junkParam, { maxLength: 2 }) : fc.constant([]))
    .map(([named, junk]) => [...named.filter((p): p is [string, string] => p !== null), ...junk]);
}

const rawBody = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '"text"',
    '1e999',
    '{"a":1,"a":2}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '\uFEFF{}',
    '{"x":"\\u0000"}',
    '{"x":"\\ud800"}',
    deepArray(6000),
    `{"settings":${deepObject(6000)}}`,
    `{"filter":${deepArray(70)}}`,
  ),
  fc.string({ maxLength: 40 }),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/csv',
  'application/xml',
  null,
);

function bodyFor(route: Route, hostile: boolean): fc.Arbitrary<FuzzCase['body']> {
  const raw = fc.record({ kind: fc.constant('raw' as const), text: rawBody, type: contentType });
  if (!hostile) {
    if (!route.body) return fc.constant({ kind: 'none' as const });
    return fc.oneof(
      valueFor(route.body, 0, false).map((value) => ({ kind: 'json' as const, value })),
      fc.constant({ kind: 'base' as const, key: null, value: null }),
    );
  }
  if (!route.body)
    return fc.oneof({ arbitrary: fc.constant({ kind: 'none' as const }), weight: 6 }, { arbitrary: raw, weight: 1 });
  const keys = [...Object.keys(route.body.properties ?? {}), ...PROTOTYPE_KEYS];
  return fc.oneof(
    { arbitrary: valueFor(route.body).map((value) => ({ kind: 'json' as const, value })), weight: 3 },
    { arbitrary: valueFor(route.body, 0, false).map((value) => ({ kind: 'json' as const, value })), weight: 2 },
    {
      arbitrary: fc.record({ kind: fc.constant('base' as const), key: fc.constantFrom(...keys), value: hostileValue }),
      weight: 3,
    },
    { arbitrary: raw, weight: 2 },
    { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  );
}

const junkId = fc.constantFrom(
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '%00',
  '%2e%2e',
  "'",
  '9'.repeat(30),
  '__proto__',
  'constructor',
  'toString',
  '%F0%9F%98%80',
  'x'.repeat(300),
  '%20',
);
const missingId = fc.constantFrom('2147483647', '999999', '2147483648');

function caseFor(route: Route): fc.Arbitrary<FuzzCase> {
  const idChoice = fc.oneof(
    { arbitrary: fc.nat(50).map((index) => ({ kind: 'real' as const, index })), weight: 5 },
    { arbitrary: missingId.map((value) => ({ kind: 'missing' as const, value })), weight: 2 },
    { arbitrary: junkId.map((value) => ({ kind: 'junk' as const, value })), weight: 2 },
  );
  // One case in four is well-formed, so that the routes' work (not only their checks) meets the fuzzed state.
  return fc
    .oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 })
    .chain((hostile) =>
      fc.record({
        caller: fc.oneof(
          { arbitrary: fc.constant<Caller>('mandantAdmin'), weight: 12 },
          { arbitrary: fc.constant<Caller>('providerAdmin'), weight: 4 },
          { arbitrary: fc.constant<Caller>('viewer'), weight: 3 },
          { arbitrary: fc.constant<Caller>('nobody'), weight: 1 },
        ),
        ids: fc.tuple(...route.pathParams.map(() => idChoice)),
        query: queryFor(route, hostile),
        body: bodyFor(route, hostile),
      }),
    );
}

/**
 * Sign-in routes, fuzzed like the rest but last: their failed attempts count towards the login
 * limit of this address, and signing out uses sessions opened for it, so the fuzzing accounts stay
 * signed in for every other request.
 */
const AUTH_ROUTES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // Made-up tokens count towards the link limit of this address, like accepting an invitation.
  'GET /api/invitations/by-token',
]);

/**
 * Cases another finding of issue #17 fixes: still sent (so every run changes the database alike),
 * but a 5xx answer is reported instead of failing the run. Remove the entry with that fix.
 */
// Cases that a finding still open elsewhere is known to fail: printed, not failed. None since finding 5 (deletes that
// hit a foreign key) was fixed; add one here only with the finding that will close it.
const KNOWN_ELSEWHERE: Array<{ finding: number; route: string; dialect?: string; matches: (c: FuzzCase) => boolean }> =
  [];

function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content['application/json'];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: json ? (json.schema ?? {}) : null,
      });
    }
  }
  return routes;
}

describeEachDatabase('fuzzing every route of the OpenAPI document', (ctx: TestContext) => {
  const tokens = new Map<Caller, string>();
  let signIns = 0;
  /** Sessions for the logout cases, opened before the login fuzzing can trip the login limit of this address. */
  const spareSessions = new Map<Caller, string[]>();
  /** Real ids (and records to mutate) per caller and list, read before the run. */
  const pools = new Map<string, Array<string>>();
  const records = new Map<string, Record<string, unknown>>();
  const protectedIds = new Map<string, Set<string>>();
  let routes: Route[] = [];

  const signIn = async (caller: Exclude<Caller, 'nobody'>) => tokens.set(caller, await ctx.login(ACCOUNTS[caller]));

  beforeAll(async () => {
    for (const caller of Object.keys(ACCOUNTS) as Array<Exclude<Caller, 'nobody'>>) await signIn(caller);
    const doc = await ctx.request<{ paths: Record<string, Record<string, Operation>> }>('GET', '/api/openapi.json');
    routes = routesOf(doc.body);
    // The fuzzing accounts and their mandant stay as they are: deleting or deactivating them would
    // make every later request a 401 (they are fuzzed through other users' and mandants' ids).
    const own = await Promise.all(Object.values(ACCOUNTS).map((email) => ctx.userId(email)));
    protectedIds.set('/api/users', new Set(own.map(String)));
    protectedIds.set('/api/mandants', new Set([String(await ctx.mandantId('printco'))]));
    await giveTheMandantSomethingOfEverything();
    for (const caller of Object.keys(ACCOUNTS) as Array<Exclude<Caller, 'nobody'>>) {
      for (const collection of new Set(
        routes.filter((r) => r.pathParams.length > 0 || r.body).map((r) => collectionOf(r.path)),
      )) {
        const res = await ctx.request<unknown>('GET', `${collection}?range=[0,49]`, { token: tokens.get(caller) });
        const rows = Array.isArray(res.body) ? (res.body as unknown[]) : [];
        // Records named by key instead of an id (factor categories) are reached by their key.
        const ids = rows.map((row) =>
          typeof row === 'object' && row !== null
            ? String((row as { id?: unknown; key?: unknown }).id ?? (row as { key?: unknown }).key)
            : String(row),
        );
        const keep = protectedIds.get(collection);
        pools.set(
          `${caller} ${collection}`,
          ids.filter((id) => (caller === 'mandantAdmin' && collection === '/api/mandants' ? true : !keep?.has(id))),
        );
        const first = rows.find(
          (row) => typeof row === 'object' && row !== null && !keep?.has(String((row as { id?: unknown }).id)),
        );
        if (first) records.set(`${caller} ${collection}`, first as Record<string, unknown>);
      }
    }
  });

  /**
   * The demo data has no order, migration or import: one of each (made the ordinary way) gives
   * their routes a real id to work on. What could not be made is printed, and the run goes on.
   */
  async function giveTheMandantSomethingOfEverything(): Promise<void> {
    const token = tokens.get('mandantAdmin');
    const first = async (path: string) =>
      (await ctx.request<Array<{ id: number }>>('GET', path, { token })).body[0] ?? null;
    const calculation = await first('/api/calculations?sort=["id","ASC"]');
    const project = await first('/api/carbon-offset-projects');
    const made: string[] = [];
    if (calculation && project) {
      const order = await ctx.request('POST', '/api/orders', {
        token,
        body: { project_id: project.id, calculation_id: calculation.id },
      });
      made.push(`order ${order.status}`);
    }
    if (calculation) {
      const published = await ctx.request('POST', `/api/calculations/${calculation.id}/publications`, {
        token,
        body: {},
      });
      made.push(`publication ${published.status}`);
    }
    const databases = (
      await ctx.request<Array<{ id: number; status: string }>>('GET', '/api/databases?sort=["id","ASC"]', { token })
    ).body;
    for (const database of databases.filter((d) => d.status === 'published')) {
      const migration = await ctx.request('POST', '/api/migrations', { token, body: { to_database_id: database.id } });
      made.push(`migration ${migration.status}`);
      if (migration.status === 201) break;
    }
    const csv = 'Title,Quantity,Pages\nFuzz brochure,1000,16\n';
    const imported = await ctx.request('POST', '/api/imports?template=brochure&file_name=fuzz.csv&mode=valid_rows', {
      token,
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });
    made.push(`import ${imported.status}`);
    console.info(`fuzz [${ctx.dialect}]: set up ${made.join(', ')}`);
  }

  /** `/api/orders/{id}/place` → `/api/orders`; `/api/statistics/{name}` → `/api/statistics`. */
  function collectionOf(path: string): string {
    const param = path.indexOf('/{');
    return param < 0 ? path : path.slice(0, param);
  }

  function urlOf(route: Route, c: FuzzCase): string {
    let index = 0;
    const path = route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
      const choice = c.ids[index++]!;
      if (choice.kind !== 'real') return choice.value;
      if (name === 'version') return String((choice.index % 3) + 1);
      const pool = pools.get(`${c.caller === 'nobody' ? 'mandantAdmin' : c.caller} ${collectionOf(route.path)}`) ?? [];
      return pool.length === 0 ? '1' : encodeURIComponent(pool[choice.index % pool.length]!);
    });
    const query = c.query.map(([key, value]) => `${encodeLoosely(key)}=${encodeLoosely(value)}`).join('&');
    return query ? `${path}?${query}` : path;
  }

  function bodyOf(route: Route, c: FuzzCase): { text?: string; type?: string | null } {
    const body = c.body;
    // fetch sends no body with GET.
    if (body.kind === 'none' || route.method === 'GET') return {};
    if (body.kind === 'raw') return { text: body.text, type: body.type };
    if (body.kind === 'json') return { text: JSON.stringify(body.value) ?? 'null', type: 'application/json' };
    // A real record of the caller's, cut to what the route's body may hold, with one key made hostile.
    const record =
      records.get(`${c.caller === 'nobody' ? 'mandantAdmin' : c.caller} ${collectionOf(route.path)}`) ?? {};
    const allowed = route.body?.properties;
    const base = allowed
      ? Object.fromEntries(Object.entries(record).filter(([key]) => Object.hasOwn(allowed, key)))
      : record;
    return {
      text: JSON.stringify(body.key === null ? base : withKey(base, body.key, body.value)),
      type: 'application/json',
    };
  }

  async function send(route: Route, c: FuzzCase, url: string) {
    const { text, type } = bodyOf(route, c);
    const headers: Record<string, string> = {};
    if (type) headers['content-type'] = type;
    let token = c.caller === 'nobody' ? undefined : tokens.get(c.caller);
    // Signing out ends a session of its own (opened before the run), never the one the rest of the run uses.
    if (route.method === 'POST' && route.path === '/api/auth/logout' && c.caller !== 'nobody')
      token = spareSessions.get(c.caller)?.shift();
    const request = () =>
      fetch(`${ctx.baseUrl}${url}`, {
        method: route.method,
        headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
        body: text,
      });
    let response = await request();
    if (
      response.status === 401 &&
      token &&
      c.caller !== 'nobody' &&
      !AUTH_ROUTES.has(`${route.method} ${route.path}`)
    ) {
      // The session ended (e.g. a password change): sign in again so the rest of the run means something.
      await response.arrayBuffer();
      signIns++;
      await signIn(c.caller);
      token = tokens.get(c.caller);
      response = await request();
    }
    const contentTypeHeader = response.headers.get('content-type') ?? '';
    let bodyText = '';
    let broken: string | null = null;
    try {
      bodyText = contentTypeHeader.includes('pdf') ? '' : await response.text();
      if (contentTypeHeader.includes('pdf')) await response.arrayBuffer();
    } catch (error) {
      broken = error instanceof Error ? error.message : String(error);
    }
    return { status: response.status, bodyText, broken };
  }

  it(`answers every fuzzed request below 500, without internals (seed ${SEED}, ${PER_ROUTE} requests per route)`, async () => {
    console.info(
      `fuzz [${ctx.dialect}]: seed ${SEED} (FUZZ_SEED), ${PER_ROUTE} requests per route (FUZZ_REQUESTS_PER_ROUTE), ${routes.length} routes`,
    );
    // Sign-in routes last: their failed attempts count towards the login limit of this address.
    const ordered = [
      ...routes.filter((r) => !AUTH_ROUTES.has(`${r.method} ${r.path}`)),
      ...routes.filter((r) => AUTH_ROUTES.has(`${r.method} ${r.path}`)),
    ];
    const planned = ordered.map((route, index) => ({
      route,
      cases: fc.sample(caseFor(route), { seed: SEED + index * 7919, numRuns: PER_ROUTE }),
    }));
    // Interleaved by a seeded shuffle, so one route's writes meet other routes' reads.
    const queue = planned.flatMap(({ route, cases }) => cases.map((c, n) => ({ route, c, n })));
    const auth = queue.filter((q) => AUTH_ROUTES.has(`${q.route.method} ${q.route.path}`));
    const rest = fc.sample(
      fc.shuffledSubarray(
        queue.filter((q) => !AUTH_ROUTES.has(`${q.route.method} ${q.route.path}`)),
        { minLength: queue.length - auth.length },
      ),
      { seed: SEED, numRuns: 1 },
    )[0]!;

    for (const { route, c } of auth) {
      if (route.path !== '/api/auth/logout' || c.caller === 'nobody') continue;
      spareSessions.set(c.caller, [...(spareSessions.get(c.caller) ?? []), await ctx.login(ACCOUNTS[c.caller])]);
    }

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const covered = new Set<string>();
    const accepted = new Set<string>();
    const started = Date.now();
    for (const { route, c } of [...rest, ...auth]) {
      const url = urlOf(route, c);
      const known = KNOWN_ELSEWHERE.find(
        (k) =>
          k.route === `${route.method} ${route.path}` && (k.dialect ?? ctx.dialect) === ctx.dialect && k.matches(c),
      );
      const answer = await send(route, c, url);
      covered.add(`${route.method} ${route.path}`);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status < 300) accepted.add(`${route.method} ${route.path}`);
      const problems: string[] = [];
      if (answer.status >= 500 && known)
        console.info(
          `fuzz [${ctx.dialect}]: ${route.method} ${url} answered ${answer.status}, known as finding ${known.finding} of issue #17`,
        );
      else if (answer.status >= 500) problems.push(`status ${answer.status}`);
      if (answer.broken) problems.push(`broken transfer (${answer.broken})`);
      for (const [what, pattern] of LEAKS) if (pattern.test(answer.bodyText)) problems.push(`${what} in the answer`);
      if (problems.length > 0) {
        const body = bodyOf(route, c);
        failures.push(
          `${route.method} ${url.slice(0, 300)} as ${c.caller}${body.text !== undefined ? ` [${body.type ?? 'no type'}] ${body.text.slice(0, 200)}` : ''} → ${problems.join(', ')}: ${answer.bodyText.slice(0, 200)}`,
        );
      }
    }
    console.info(
      `fuzz [${ctx.dialect}]: ${rest.length + auth.length} requests in ${Math.round((Date.now() - started) / 1000)} s, ${signIns} sign-ins after a 401; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    const neverAccepted = routes.map((r) => `${r.method} ${r.path}`).filter((r) => !accepted.has(r));
    console.info(
      `fuzz [${ctx.dialect}]: routes that accepted no fuzzed request (only reached their checks): ${neverAccepted.join(', ')}`,
    );
    expect(failures).toEqual([]);
    expect([...covered].sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  }, 300_000);

  it('is healthy after the run: health answers 200 and a normal list still answers', async () => {
    expect((await ctx.request('GET', '/api/health')).status).toBe(200);
    const token = tokens.get('providerAdmin');
    const users = await ctx.request<unknown[]>('GET', '/api/users?sort=["id","ASC"]&range=[0,9]', { token });
    expect(users.status).toBe(200);
    expect(users.body.length).toBeGreaterThan(0);
    const protocol = await ctx.request('GET', '/api/protocol?range=[0,9]', { token });
    expect(protocol.status).toBe(200);
  });
});
