/**
 * Cross-mandant suite, generated from the served OpenAPI document: every route that takes an id — in its path, its
 * query or its JSON body (`*_id`, `*_ids`, and the few id properties named otherwise) — and every list route's
 * `filter={"id":[…]}` is called by the users of mandant B (printco: mandant admin, editor, viewer) once with an id of
 * mandant A (muster) and once with an id that does not exist. The two answers must be exactly alike (status, message
 * and field errors with the id normalised, list bodies and Content-Range), A's records must be unchanged afterwards,
 * and the protocol B reads must not name any of A's objects.
 *
 * A route or id property the suite cannot map to a resource fails it: a new route is either covered here or listed in
 * EXEMPT_* with the reason it needs no cross-mandant check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import {
  STATISTIC_NAMES,
  type CalculationRecord,
  type CollectionRecord,
  type FactorDatabaseRecord,
  type FactorMigrationRecord,
  type OrderRecord,
} from '../../../src/core/api';
import { withApiTokens } from '../../../src/server/api-tokens/store';
import { describeEachDatabase, type ApiResponse, type RequestOptions, type TestContext } from '../harness';

/** An id no table reaches (the API accepts int32 ids). */
const MISSING = 2_000_000_000;
const B_USERS = ['admin@printco.example', 'editor@printco.example', 'viewer@printco.example'];

const BROCHURE_INPUTS = {
  quantity: 500,
  format: 'A4',
  pages: 8,
  paper: 'paper_virgin',
  grammage: 115,
  spoilage_pct: 10,
  has_cover: false,
  energy_kwh_per_1000: 2.5,
  electricity: 'electricity_de_grid',
};
/** The names of A's objects that B must never read anywhere (protocol included). */
const SECRET = {
  database: 'Muster Geheimdatenbank',
  databaseLabel: 'geheim-2026',
  draft: 'Muster Entwurfsdatenbank',
  calculation: 'Muster Geheimkalkulation',
  collection: 'Muster Geheimsammlung',
  machineSet: 'Muster Geheimpark',
  machine: 'Muster Geheimpresse',
  category: 'Muster Geheimkategorie',
  storefront: 'Muster Geheimshop',
};

/** Resources whose path ids are not tenant records, each with the reason. */
const EXEMPT_PATHS: Record<string, string> = {
  '/api/templates/{id}': 'templates are the provider’s, shared by every mandant (string ids; writes are provider-only)',
  '/api/templates/{id}/versions': 'templates are shared by every mandant',
  '/api/templates/{id}/versions/{version}/copy': 'provider-only template editor',
  '/api/templates/{id}/versions/{version}/publish': 'provider-only template editor',
  '/api/templates/{id}/versions/{version}': 'provider-only template editor',
  '/api/templates/{id}/versions/{version}/export': 'provider-only template editor',
  '/api/carbon-offset-projects/{id}': 'the offset catalogue is shared by every mandant (writes are provider-only)',
  '/api/units/{id}': 'the unit catalogue is shared by every mandant (writes are provider-only)',
  '/api/factor-categories/{key}':
    'a category key, not a record id; a mandant admin’s name is written for their own mandant only',
  '/api/statistics/{name}': 'a statistic’s name, not a record id (its mandant_id query is checked below)',
  '/api/storefront/v1/{key}/config':
    'a storefront’s publishable key, not a record id; one mandant’s key reaches only its storefront (tests/api/storefronts/storefronts.test.ts)',
  '/api/storefront/v1/{key}/quotes':
    'a storefront’s publishable key, not a record id (tests/api/storefronts/storefronts.test.ts)',
  '/api/storefronts/{id}/secret-keys/{keyId}':
    'a key of the storefront {id}, found only through a storefront of the caller’s mandant: another mandant’s storefront or key answers 404 like a missing one (tests/api/storefronts/storefronts.test.ts)',
  '/api/storefronts/{id}/webhooks/{webhookId}':
    'an endpoint of the storefront {id}, found only through a storefront of the caller’s mandant: another mandant’s storefront or endpoint answers 404 like a missing one (tests/api/storefronts/storefront-webhooks.test.ts)',
  '/api/storefronts/{id}/webhook-deliveries/{deliveryId}/resend':
    'a delivery of the storefront {id}, found only through a storefront of the caller’s mandant: another mandant’s storefront or delivery answers 404 like a missing one (tests/api/storefronts/storefront-webhooks.test.ts)',
  '/verify/{token}':
    'the public verification page: a random token, not a record id, read without sign-in (tests/api/reports/reports.test.ts)',
};
/** List routes of resources that are not tenant records. */
const EXEMPT_LISTS: Record<string, string> = {
  '/api/templates': 'shared by every mandant',
  '/api/carbon-offset-projects': 'shared by every mandant',
  '/api/units': 'shared by every mandant',
};
/** Id-like properties (body or query) that name no tenant record. */
const EXEMPT_PROPERTIES: Record<string, string> = {
  template_id: 'a template’s string id; templates are shared by every mandant',
  project_id: 'an offset project; the catalogue is shared by every mandant',
  registry_id: 'the offset registry’s own identifier, a text',
  contribution_project_id: 'an offset project; the catalogue is shared by every mandant',
};
/** Cases left to another engineer's finding of issue #17; the suite covers them once that lands. */
const OTHER_FINDINGS: Record<string, string> = {};

/** Which resource an id property refers to. */
const PROPERTY_RESOURCE: Record<string, string> = {
  to_database_id: 'databases',
  from_database_id: 'databases',
  database_id: 'databases',
  copy_from_id: 'databases',
  factor_id: 'factors',
  against: 'databases',
  calculation_id: 'calculations',
  calculation_ids: 'calculations',
  duplicated_from: 'calculations',
  collection_id: 'collections',
  mandant_id: 'mandants',
  migration_id: 'migrations',
  import_id: 'imports',
  set_id: 'machine-sets',
  based_on_id: 'machine-sets',
  machine_set_id: 'machine-sets',
  to_machine_set_id: 'machine-sets',
  from_machine_set_id: 'machine-sets',
};
/** Properties named otherwise that hold ids, per route. */
const EXTRA_ID_PROPERTIES: Record<string, Record<string, string>> = {
  'POST /api/collections/{id}/calculations': { ids: 'calculations' },
  'DELETE /api/collections/{id}/calculations': { ids: 'calculations' },
  // Nested: a mandant's default factor database; a migration's calculations-list filter.
  'PUT /api/mandants/{id}': { 'settings.default_database_id': 'databases' },
  'POST /api/migrations': { 'filter.id': 'calculations' },
  // A collection copied from another collection.
  'POST /api/collections': { duplicated_from: 'collections' },
  'PUT /api/collections/{id}': { duplicated_from: 'collections' },
};
/** List filters by another resource's id, besides `id`. */
const LIST_FILTER_IDS: Record<string, Record<string, string>> = {
  '/api/factors': { database_id: 'databases' },
  '/api/migration-items': { migration_id: 'migrations', calculation_id: 'calculations' },
  '/api/calculations': { import_id: 'imports', database_id: 'databases', machine_set_id: 'machine-sets' },
  '/api/machines': { set_id: 'machine-sets' },
  '/api/machine-sets': { based_on_id: 'machine-sets' },
  '/api/migrations': {
    to_database_id: 'databases',
    from_database_id: 'databases',
    to_machine_set_id: 'machine-sets',
    from_machine_set_id: 'machine-sets',
  },
  '/api/orders': { calculation_id: 'calculations', collection_id: 'collections' },
};
const isIdProperty = (name: string) => /_ids?$/.test(name) || name in PROPERTY_RESOURCE;

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProperties: Record<string, { type?: unknown }>;
  bodyType: string | null;
}

interface Call {
  label: string;
  method: string;
  url: string;
  options: RequestOptions;
}

type Fixtures = Record<string, number[]>;

function operations(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const result: Operation[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []) as Array<{ in: string; name: string }>;
      const content =
        (
          operation.requestBody as
            { content?: Record<string, { schema?: { properties?: Record<string, { type?: unknown }> } }> } | undefined
        )?.content ?? {};
      const bodyType = Object.keys(content)[0] ?? null;
      result.push({
        method: method.toUpperCase(),
        path: route,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: (bodyType && content[bodyType]?.schema?.properties) || {},
        bodyType,
      });
    }
  }
  return result;
}

/** The resource a path's `{id}` belongs to: `/api/<resource>/{id}…`, and the personal API tokens. */
function pathResource(route: string): string | null {
  if (route.startsWith('/api/auth/tokens/{id}')) return 'tokens';
  const match = /^\/api\/([a-z-]+)\/\{id\}/.exec(route);
  return match ? match[1]! : null;
}

/**
 * An answer with both ids of a pair (A's and the missing one) written as N, in both answers alike: A's ids are small
 * numbers that may also occur by chance (a count, a version). Volatile columns of created records are left out.
 */
function comparable(response: ApiResponse, sentId: number): unknown {
  const volatile = new Set([
    'id',
    'number',
    'created_at',
    'updated_at',
    'applied_at',
    'finished_at',
    'expires_at',
    'last_used_at',
    'token',
    'publishable_key',
    'version',
    'record_id',
  ]);
  const word = new RegExp(`\\b(${sentId}|${MISSING})\\b`, 'g');
  const success = response.status < 300;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'number') return value === sentId || value === MISSING ? 'N' : value;
    if (typeof value === 'string') return value.replace(word, 'N');
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !(success && volatile.has(key)))
          .map(([key, inner]) => [key, walk(inner)]),
      );
    }
    return value;
  };
  return {
    status: response.status,
    body: walk(response.body),
    range: response.headers.get('content-range')?.replace(word, 'N') ?? null,
  };
}

describeEachDatabase('cross-mandant isolation (generated from the OpenAPI document)', (ctx: TestContext) => {
  const tokens: Record<string, string> = {};
  /** Mandant A's records, by resource. */
  const a: Fixtures = {};
  /** Mandant B's own records, where a route needs one to carry a foreign id in its body. */
  const b: Record<string, number> = {};
  let globalDatabase = 0;
  let project = 0;
  let ops: Operation[] = [];
  const as = <T>(email: string, method: string, url: string, body?: unknown) =>
    ctx.request<T>(method, url, { token: tokens[email]!, body });
  const created = <T extends { id: number }>(response: ApiResponse<T>) => {
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    return response.body;
  };

  /** A's records as the provider reads them: compared before and after B's calls. */
  const snapshot = async () => {
    const provider = tokens['admin@kontor.example']!;
    const state: Record<string, unknown> = {};
    for (const [resource, ids] of Object.entries(a)) {
      for (const id of ids) {
        if (resource === 'tokens') {
          state[`tokens/${id}`] = await withApiTokens(ctx.db)
            .selectFrom('api_tokens')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          continue;
        }
        const res = await ctx.request('GET', `/api/${resource}/${id}`, { token: provider });
        state[`${resource}/${id}`] = { status: res.status, body: res.body };
      }
    }
    return state;
  };

  beforeAll(async () => {
    for (const email of ['admin@kontor.example', 'admin@muster.example', 'editor@muster.example', ...B_USERS])
      tokens[email] = await ctx.login(email);
    const aAdmin = 'admin@muster.example';
    const aEditor = 'editor@muster.example';
    const databases = (await as<FactorDatabaseRecord[]>(aAdmin, 'GET', '/api/databases?range=[0,99]')).body;
    globalDatabase = databases.find((d) => d.mandant_id === null && d.status === 'published')!.id;
    project = (await as<Array<{ id: number }>>(aEditor, 'GET', '/api/carbon-offset-projects')).body[0]!.id;

    // A's private, published factor database, a draft one, and their factors.
    const privateDb = created(
      await as<FactorDatabaseRecord>(aAdmin, 'POST', '/api/databases', {
        name: SECRET.database,
        version_label: SECRET.databaseLabel,
        copy_from_id: globalDatabase,
      }),
    );
    created(await as<FactorDatabaseRecord>(aAdmin, 'POST', `/api/databases/${privateDb.id}/publish`));
    const draftDb = created(
      await as<FactorDatabaseRecord>(aAdmin, 'POST', '/api/databases', {
        name: SECRET.draft,
        version_label: 'entwurf-1',
        copy_from_id: globalDatabase,
      }),
    );
    a.databases = [privateDb.id, draftDb.id];
    const factorOf = async (databaseId: number) =>
      (
        await ctx.db
          .selectFrom('factors')
          .select('id')
          .where('database_id', '=', databaseId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    a.factors = [await factorOf(privateDb.id), await factorOf(draftDb.id)];
    // A's own name of a category, which B's category listing must not show.
    const secretName = Object.fromEntries(['de', 'en', 'fr', 'it', 'es'].map((lang) => [lang, SECRET.category]));
    expect((await as(aAdmin, 'PUT', '/api/factor-categories/paper', { label: secretName })).status).toBe(200);

    const calculation = created(
      await as<CalculationRecord>(aEditor, 'POST', '/api/calculations', {
        template_id: 'brochure',
        template_version: 1,
        // Final, because a draft cannot be published and the publication below is one of A's records.
        status: 'final',
        inputs: { ...BROCHURE_INPUTS, title: SECRET.calculation },
      }),
    );
    a.calculations = [calculation.id];
    const collection = created(
      await as<CollectionRecord>(aEditor, 'POST', '/api/collections', {
        name: SECRET.collection,
        calculation_ids: [calculation.id],
      }),
    );
    a.collections = [collection.id];
    const order = created(
      await as<OrderRecord>(aEditor, 'POST', '/api/orders', { project_id: project, calculation_id: calculation.id }),
    );
    a.orders = [order.id];
    const migration = created(
      await as<FactorMigrationRecord>(aEditor, 'POST', '/api/migrations', {
        to_database_id: privateDb.id,
        calculation_ids: [calculation.id],
      }),
    );
    a.migrations = [migration.id];
    a['migration-items'] = (
      await ctx.db.selectFrom('factor_migration_items').select('id').where('migration_id', '=', migration.id).execute()
    ).map((row) => row.id);
    expect(a['migration-items'].length).toBeGreaterThan(0);
    const csv = fs.readFileSync(path.resolve('tests/fixtures/csv/brochure-en-comma.csv'));
    const upload = await fetch(`${ctx.baseUrl}/api/imports?template=brochure&file_name=muster.csv&mode=valid_rows`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens[aEditor]}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
    const report = (await upload.json()) as { import?: { id: number } };
    expect(upload.status, JSON.stringify(report)).toBeLessThan(300);
    a.imports = [report.import!.id];
    const token = created(
      await as<{ id: number }>(aAdmin, 'POST', '/api/auth/tokens', { name: 'Muster token', expires_in_days: 30 }),
    );
    a.tokens = [token.id];
    a.invitations = [
      created(
        await as<{ id: number }>(aAdmin, 'POST', '/api/invitations', {
          email: 'neu@muster.example',
          name: 'Muster Neu',
          role: 'viewer',
        }),
      ).id,
    ];
    a.users = [await ctx.userId('editor@muster.example')];
    a.mandants = [await ctx.mandantId('muster')];
    // A's seeded machine set and a secret draft derived from it, with their machines.
    const seededSet = (
      await ctx.db
        .selectFrom('machine_sets')
        .select('id')
        .where('mandant_id', '=', a.mandants[0]!)
        .executeTakeFirstOrThrow()
    ).id;
    const draftSet = created(
      await as<{ id: number }>(aAdmin, 'POST', '/api/machine-sets', {
        name: SECRET.machineSet,
        version_label: 'geheim',
        based_on_id: seededSet,
      }),
    );
    a['machine-sets'] = [seededSet, draftSet.id];
    a.storefronts = [
      created(await as<{ id: number }>(aAdmin, 'POST', '/api/storefronts', { name: SECRET.storefront })).id,
    ];
    const secretMachine = created(
      await as<{ id: number }>(aAdmin, 'POST', '/api/machines', {
        set_id: draftSet.id,
        key: 'geheim',
        kind: 'press',
        name: SECRET.machine,
      }),
    );
    a.machines = [
      (
        await ctx.db
          .selectFrom('machines')
          .select('id')
          .where('set_id', '=', seededSet)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
      secretMachine.id,
    ];
    a.publications = [
      created(await as<{ id: number }>(aEditor, 'POST', `/api/calculations/${calculation.id}/publications`, {})).id,
    ];
    a.protocol = [
      (
        await ctx.db
          .selectFrom('protocol')
          .select('id')
          .where('mandant_id', '=', a.mandants[0]!)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).id,
    ];

    // B's own records, to carry A's ids in a body.
    const bAdmin = 'admin@printco.example';
    const bCalculation = created(
      await as<CalculationRecord>(bAdmin, 'POST', '/api/calculations', {
        template_id: 'brochure',
        template_version: 1,
        inputs: { ...BROCHURE_INPUTS, title: 'Printco calculation' },
      }),
    );
    b.calculations = bCalculation.id;
    b.collections = created(
      await as<CollectionRecord>(bAdmin, 'POST', '/api/collections', {
        name: 'Printco collection',
        calculation_ids: [bCalculation.id],
      }),
    ).id;
    const bDraft = created(
      await as<FactorDatabaseRecord>(bAdmin, 'POST', '/api/databases', {
        name: 'Printco draft',
        version_label: 'p-1',
        copy_from_id: globalDatabase,
      }),
    );
    b.databases = bDraft.id;
    b.factors = await factorOf(bDraft.id);
    b.users = await ctx.userId('viewer@printco.example');
    b.invitations = created(
      await as<{ id: number }>(bAdmin, 'POST', '/api/invitations', {
        email: 'eigen@printco.example',
        name: 'Printco Eigen',
        role: 'viewer',
      }),
    ).id;
    b.mandants = await ctx.mandantId('printco');
    b.storefronts = created(await as<{ id: number }>(bAdmin, 'POST', '/api/storefronts', { name: 'Printco shop' })).id;
    b['machine-sets'] = created(
      await as<{ id: number }>(bAdmin, 'POST', '/api/machine-sets', {
        name: 'Printco draft machines',
        version_label: 'p-1',
      }),
    ).id;
    b.machines = created(
      await as<{ id: number }>(bAdmin, 'POST', '/api/machines', {
        set_id: b['machine-sets'],
        key: 'pc-press',
        kind: 'press',
        name: 'Printco press',
      }),
    ).id;

    const document = await ctx.request<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      'GET',
      '/api/openapi.json',
    );
    expect(document.status).toBe(200);
    ops = operations(document.body);
  });

  /** A body that passes the route's schema, so the answer is the handler's own. */
  function baseBody(op: Operation): Record<string, unknown> | undefined {
    const bodies: Record<string, Record<string, unknown>> = {
      'PUT /api/users/{id}': { name: 'Renamed by printco' },
      'POST /api/invitations': { email: 'neu@printco.example', name: 'Printco Neu', role: 'viewer' },
      'PUT /api/invitations/{id}': { name: 'Renamed by printco' },
      'PUT /api/mandants/{id}': { name: 'Renamed by printco' },
      'POST /api/databases': { name: 'Printco copy', version_label: 'pc-1', copy_from_id: globalDatabase },
      'PUT /api/databases/{id}': { name: 'Renamed by printco' },
      'POST /api/databases/{id}/impact': {},
      'POST /api/databases/{id}/import': { csv: 'key,category,unit,value\nprintco_key,paper,kg,1\n' },
      'POST /api/factors': { database_id: b.databases, key: 'printco_key', category: 'paper', unit: 'kg', value: 1 },
      'PUT /api/factors/{id}': { value: 2 },
      'POST /api/migrations': { to_database_id: globalDatabase },
      'POST /api/calculations': {
        template_id: 'brochure',
        template_version: 1,
        inputs: { ...BROCHURE_INPUTS, title: 'Printco new' },
      },
      'PUT /api/calculations/{id}': { title: 'Renamed by printco' },
      'POST /api/orders': { project_id: project, calculation_id: b.calculations },
      'PUT /api/orders/{id}': { issued_to: 'Printco' },
      'POST /api/collections': { name: 'Printco new collection' },
      'PUT /api/collections/{id}': { name: 'Renamed by printco' },
      'POST /api/collections/{id}/calculations': { ids: [b.calculations] },
      'DELETE /api/collections/{id}/calculations': { ids: [b.calculations] },
      'POST /api/machine-sets': { name: 'Printco copy', version_label: 'pc-copy' },
      'PUT /api/machine-sets/{id}': { name: 'Renamed by printco' },
      'POST /api/machines': { set_id: b['machine-sets'], key: 'pc-new', kind: 'press', name: 'Printco new press' },
      'PUT /api/machines/{id}': { name: 'Renamed by printco' },
      'POST /api/storefronts': { name: 'Printco new shop' },
      'PUT /api/storefronts/{id}': { name: 'Renamed by printco' },
      'POST /api/storefronts/{id}/webhooks': { url: 'https://shop.printco.example/hooks' },
      'POST /api/carbon-offset-projects': { name: 'x' },
      'PUT /api/carbon-offset-projects/{id}': { name: 'x' },
    };
    return bodies[`${op.method} ${op.path}`];
  }

  /** Query parameters a route needs besides the id under test. */
  function baseQuery(op: Operation): Record<string, string> {
    const queries: Record<string, Record<string, string>> = {
      'GET /api/databases/{id}/diff': { against: String(globalDatabase) },
      'GET /api/orders/quote': { project_id: String(project) },
      'POST /api/imports': { template: 'brochure', file_name: 'printco.csv' },
      'GET /api/statistics/{name}': {},
    };
    return queries[`${op.method} ${op.path}`] ?? {};
  }

  function request(
    op: Operation,
    pathIds: Record<string, string>,
    query: Record<string, string>,
    body: Record<string, unknown> | undefined,
  ): Omit<Call, 'label'> {
    const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathIds[name]!);
    const search = new URLSearchParams(query).toString();
    const options: RequestOptions = {};
    if (op.method === 'POST' && op.path === '/api/imports') {
      options.rawBody = 'Title,Quantity\nPrintco,1\n';
      options.headers = { 'content-type': 'text/csv' };
    } else if (body !== undefined) options.body = body;
    return { method: op.method, url: search ? `${url}?${search}` : url, options };
  }

  /** The body with `name` (dotted: nested) set to the id. */
  function withId(base: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
    const [head, ...rest] = name.split('.');
    if (rest.length === 0) return { ...base, [head!]: value };
    return {
      ...base,
      [head!]: withId((base[head!] as Record<string, unknown> | undefined) ?? {}, rest.join('.'), value),
    };
  }

  /** Every call pair the document asks for; unmapped routes and properties are collected as problems. */
  function plan(): { pairs: Array<{ label: string; foreign: Call; missing: Call; sent: number }>; problems: string[] } {
    const pairs: Array<{ label: string; foreign: Call; missing: Call; sent: number }> = [];
    const problems: string[] = [];
    const pair = (label: string, build: (id: number) => Omit<Call, 'label'>, ids: number[]) => {
      for (const id of ids)
        pairs.push({
          label: `${label} [${id}]`,
          foreign: { label, ...build(id) },
          missing: { label, ...build(MISSING) },
          sent: id,
        });
    };
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      if (key in OTHER_FINDINGS) continue;
      const pathExempt = op.path in EXEMPT_PATHS;
      const ownPath: Record<string, string> = {};
      // 1. The path's id.
      if (op.pathParams.length > 0 && !pathExempt) {
        const resource = pathResource(op.path);
        if (!resource || !a[resource] || op.pathParams.some((name) => name !== 'id')) {
          problems.push(`${key}: path parameters ${op.pathParams.join(', ')} map to no tenant resource`);
          continue;
        }
        pair(`${key} (path id)`, (id) => request(op, { id: String(id) }, baseQuery(op), baseBody(op)), a[resource]!);
        if (b[resource] !== undefined) ownPath.id = String(b[resource]);
      }
      if (pathExempt && op.path === '/api/statistics/{name}') ownPath.name = 'overview';
      // 2. A list's filter by id.
      if (op.method === 'GET' && op.pathParams.length === 0 && op.queryParams.includes('filter')) {
        const resource = op.path.replace(/^\/api\//, '').replace(/\/export\.csv$/, '');
        if (op.path in EXEMPT_LISTS) {
          // shared resource
        } else if (!a[resource]) problems.push(`${key}: list of no known tenant resource`);
        else {
          pair(
            `${key} (filter id)`,
            (id) => request(op, {}, { filter: JSON.stringify({ id: [id] }) }, undefined),
            a[resource]!,
          );
          for (const [column, target] of Object.entries(LIST_FILTER_IDS[op.path] ?? {})) {
            pair(
              `${key} (filter ${column})`,
              (id) => request(op, {}, { filter: JSON.stringify({ [column]: id }) }, undefined),
              a[target]!,
            );
          }
        }
      }
      // 3. Ids in the query and in the body.
      const hasOwnPath = op.pathParams.every((name) => ownPath[name] !== undefined);
      const extra = EXTRA_ID_PROPERTIES[key] ?? {};
      const idQuery = op.queryParams.filter(isIdProperty);
      const idBody = [...new Set([...Object.keys(op.bodyProperties).filter(isIdProperty), ...Object.keys(extra)])];
      for (const [where, names] of [
        ['query', idQuery],
        ['body', idBody],
      ] as const) {
        for (const name of names) {
          if (name in EXEMPT_PROPERTIES) continue;
          const resource = extra[name] ?? PROPERTY_RESOURCE[name];
          if (!resource || !a[resource]) {
            problems.push(`${key}: ${where} property ${name} maps to no tenant resource`);
            continue;
          }
          if (!hasOwnPath) {
            problems.push(`${key}: ${where} property ${name} needs a record of mandant B for the path`);
            continue;
          }
          const base = baseBody(op);
          if (where === 'body' && base === undefined) {
            problems.push(`${key}: no base body to carry ${name}`);
            continue;
          }
          const many =
            name.endsWith('_ids') ||
            name === 'ids' ||
            name.endsWith('.id') ||
            op.bodyProperties[name]?.type === 'array';
          // An order covers a calculation or a collection, never both.
          const alternative = name === 'collection_id' ? { calculation_id: undefined } : {};
          pair(
            `${key} (${where} ${name})`,
            (id) =>
              where === 'query'
                ? request(op, ownPath, { ...baseQuery(op), [name]: String(id) }, base)
                : request(op, ownPath, baseQuery(op), withId({ ...base!, ...alternative }, name, many ? [id] : id)),
            a[resource]!,
          );
        }
      }
    }
    // Deletes last: should one get through, the other calls still meet A's records.
    pairs.sort((x, y) => Number(x.foreign.method === 'DELETE') - Number(y.foreign.method === 'DELETE'));
    return { pairs, problems };
  }

  it('maps every route of the OpenAPI document', () => {
    expect(plan().problems).toEqual([]);
  });

  it(
    'answers a foreign id exactly like a missing one, for every user of mandant B, and leaves A’s records unchanged',
    { timeout: 300_000 },
    async () => {
      const before = await snapshot();
      const { pairs } = plan();
      expect(pairs.length).toBeGreaterThan(60);
      const differences: string[] = [];
      for (const email of B_USERS) {
        for (const { label, foreign, missing, sent } of pairs) {
          const call = (c: Call) => ctx.request(c.method, c.url, { ...c.options, token: tokens[email]! });
          const foreignAnswer = comparable(await call(foreign), sent);
          const missingAnswer = comparable(await call(missing), sent);
          if (JSON.stringify(foreignAnswer) !== JSON.stringify(missingAnswer)) {
            differences.push(
              `${email} ${label}: foreign ${JSON.stringify(foreignAnswer).slice(0, 400)} ≠ missing ${JSON.stringify(missingAnswer).slice(0, 400)}`,
            );
          }
          expect((foreignAnswer as { status: number }).status, `${email} ${label}`).toBeLessThan(500);
        }
      }
      expect(differences).toEqual([]);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('answers a template id that only the provider may see (a draft) exactly like a missing one', async () => {
    const text = (en: string) => ({ de: en, en, fr: en, it: en, es: en });
    const definition = {
      id: 'unreleased',
      version: 1,
      type: 'product',
      icon: 'Email',
      label: text('Unreleased'),
      groups: [
        {
          id: 'general',
          label: text('General'),
          fields: [
            { name: 'title', type: 'text', label: text('Title'), rules: ['required'] },
            { name: 'quantity', type: 'integer', label: text('Quantity'), rules: ['required'] },
          ],
        },
      ],
      results: [{ name: 'total_co2e', label: text('Total'), unit: 'kg CO2e', formula: 'quantity * 2', primary: true }],
      list: { columns: ['title', 'total_co2e'] },
    };
    expect(
      (
        await ctx.request('POST', '/api/templates', {
          token: tokens['admin@kontor.example']!,
          body: { definition, mode: 'new' },
        })
      ).status,
    ).toBe(201);
    const calls = (id: string): Array<Omit<Call, 'label'>> => [
      { method: 'GET', url: `/api/templates/${id}`, options: {} },
      { method: 'GET', url: `/api/templates?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`, options: {} },
      {
        method: 'POST',
        url: '/api/calculations',
        options: { body: { template_id: id, inputs: { title: 'x', quantity: 1 } } },
      },
      {
        method: 'POST',
        url: '/api/calculations',
        options: { body: { template_id: id, template_version: 1, inputs: { title: 'x', quantity: 1 } } },
      },
      { method: 'POST', url: '/api/migrations', options: { body: { kind: 'template', template_id: id } } },
      {
        method: 'POST',
        url: '/api/migrations',
        options: { body: { kind: 'template', template_id: id, to_template_version: 1 } },
      },
      {
        method: 'POST',
        url: `/api/imports?template=${id}`,
        options: { rawBody: 'Title,Quantity\nx,1\n', headers: { 'content-type': 'text/csv' } },
      },
    ];
    const normalised = (response: ApiResponse, id: string) =>
      JSON.stringify({
        status: response.status,
        body: response.body,
        range: response.headers.get('content-range'),
      }).replaceAll(id, 'ID');
    for (const email of B_USERS) {
      const hidden = calls('unreleased');
      const missing = calls('nonexistent');
      for (const [index, call] of hidden.entries()) {
        const token = tokens[email]!;
        const a = normalised(await ctx.request(call.method, call.url, { ...call.options, token }), 'unreleased');
        const b = normalised(
          await ctx.request(missing[index]!.method, missing[index]!.url, { ...missing[index]!.options, token }),
          'nonexistent',
        );
        expect(a, `${email} ${call.method} ${call.url}`).toBe(b);
      }
    }
  });

  it('no list, statistic or export B reads names any of A’s objects', async () => {
    const reads = ops
      .filter((op) => op.method === 'GET' && op.pathParams.length === 0)
      .map((op) => (op.queryParams.includes('range') ? `${op.path}?range=[0,999]` : op.path));
    reads.push(...STATISTIC_NAMES.flatMap((name) => [`/api/statistics/${name}`, `/api/statistics/${name}?format=csv`]));
    for (const email of B_USERS) {
      for (const url of reads) {
        const res = await ctx.request('GET', url, { token: tokens[email]! });
        expect(res.status, `${email} ${url}`).toBeLessThan(500);
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
        for (const name of Object.values(SECRET)) expect(text, `${email} ${url}`).not.toContain(name);
      }
    }
  });

  it('the protocol B reads names none of A’s objects', async () => {
    const names = Object.values(SECRET);
    for (const email of B_USERS) {
      for (const name of names) {
        const found = await ctx.request<unknown[]>(
          'GET',
          `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ q: name }))}&range=[0,99]`,
          { token: tokens[email]! },
        );
        expect(found.status).toBe(200);
        expect(found.body, `${email} q=${name}`).toEqual([]);
      }
      const all = await ctx.request<unknown[]>('GET', '/api/protocol?range=[0,999]', { token: tokens[email]! });
      const csv = await ctx.request<string>('GET', '/api/protocol/export.csv', { token: tokens[email]! });
      expect(csv.status).toBe(200);
      for (const name of names) {
        expect(JSON.stringify(all.body), `${email} list`).not.toContain(name);
        expect(csv.body, `${email} export.csv`).not.toContain(name);
      }
    }
  });
});
