/**
 * The Kontor API as msw handlers over the mock store, one set for the browser's mock mode (src/mocks/browser.ts) and
 * the UI suite (tests/ui/mockServer.ts). Every request is routed by the server's own OpenAPI document: a route the
 * document does not have is not answered (msw then reports it), a REST resource speaks the list dialect
 * (src/mocks/list.ts) with optimistic versions, the custom routes are below, and every JSON answer is checked against
 * the route's response schema (src/mocks/contract.ts) before it leaves.
 */
import { delay, http, HttpResponse } from 'msw';
import {
  STOREFRONT_CHANNEL_PREFIX,
  type FactorDatabaseRecord,
  type FactorRecord,
  type MandantSettings,
  type SessionUser,
} from '../core/api';
import { diffFactors } from '../server/factors/diff';
import { calculationResults, computeResults } from '../core/formula';
import type { CalculationInputs, FactorLookup, Template } from '../core/template';
import { orderedKg, priceMinor, roundingStepKg } from '../server/orders/quantity';
import { translate } from '../core/i18n/translate';
import { isLanguage, type Language } from '../core/languages';
import { Contract, type Operation, type Violation } from './contract';
import { listPage, parseListQuery } from './list';
import { MockStore, type Row } from './store';
import { RETRY_AFTER_SECONDS, Scenarios, type ScenarioState } from './scenarios';

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A download (PDF, CSV) instead of JSON. */
  text?: { content: string; type: string };
}

interface Context {
  store: MockStore;
  scenario: ScenarioState;
  user: SessionUser;
  language: Language;
  params: string[];
  url: URL;
  body: () => Promise<Row>;
  operation: Operation;
}

type Route = (ctx: Context) => Answer | Promise<Answer>;

export interface MockApiOptions {
  /** Where the API lives: `/api` in the browser, `${origin}/api` under jsdom. */
  base: string;
  store: MockStore;
  contract: Contract;
  scenarios?: Scenarios;
  /** Told of every answer that does not fit its route's schema. */
  onViolation: (violation: Violation) => void;
  /** Who sends the request (default: the mock sign-in's tokens); the UI suite signs in by test fixture instead. */
  authenticate?: (request: Request, scenario: ScenarioState) => SessionUser | null;
}

const now = () => new Date().toISOString();

/** Routes a visitor who is not signed in may call. */
const PUBLIC = new Set([
  'post /api/auth/login',
  'post /api/auth/forgot-password',
  'post /api/auth/reset-password',
  'post /api/auth/accept-invitation',
  'get /api/invitations/by-token',
  'get /api/health',
]);

const NO_IMPACT = {
  calculations: 0,
  by_template: [],
  by_database: [],
  templates: [],
  databases: [],
  fields: [],
  options: [],
};

function error(ctx: Pick<Context, 'language'>, status: number, key: string, params: Record<string, string> = {}) {
  return { status, body: { message: translate(ctx.language, key, params) } };
}

const pdf = (): Answer => ({
  status: 200,
  text: { content: '%PDF-1.4\n% Kontor mock document\n%%EOF\n', type: 'application/pdf' },
});
const csv = (header: string): Answer => ({ status: 200, text: { content: `${header}\n`, type: 'text/csv' } });

/**
 * A shop's calculation or order names its storefront to every reader, as the server's do
 * (server/storefronts/channel-names.ts): a storefront of another mandant never.
 */
function withChannelName(ctx: Context, resource: string, row: Row): Row {
  if (resource !== 'calculations' && resource !== 'orders') return row;
  const channel = typeof row.channel === 'string' ? row.channel : '';
  if (!channel.startsWith(STOREFRONT_CHANNEL_PREFIX)) return { ...row, channel_name: null };
  const storefront = ctx.store.table('storefronts').get(channel.slice(STOREFRONT_CHANNEL_PREFIX.length));
  const own = storefront !== undefined && storefront.mandant_id === row.mandant_id;
  return { ...row, channel_name: own ? String(storefront.name) : null };
}

/** REST resources without their own write routes in the document answer only what it lists. */
function restRoutes(resource: string): Record<string, Route> {
  const notFound = (ctx: Context) =>
    error(ctx, 404, 'errors.noRecord', { resource, id: decodeURIComponent(ctx.params[0] ?? '') });
  return {
    [`get /api/${resource}`]: (ctx) => {
      const query = parseListQuery(ctx.url.searchParams);
      if ('invalid' in query) {
        return {
          status: 400,
          body: {
            message: translate(ctx.language, 'errors.badRequest'),
            errors: { [query.invalid]: translate(ctx.language, 'errors.badRequest') },
          },
        };
      }
      const { page, contentRange } = listPage(resource, ctx.store.visible(resource, ctx.user, ctx.scenario), query);
      const named = page.map((row) => withChannelName(ctx, resource, row));
      return { status: 200, body: named, headers: { 'Content-Range': contentRange } };
    },
    [`get /api/${resource}/{id}`]: (ctx) => {
      const row = ctx.store.find(resource, decodeURIComponent(ctx.params[0]!), ctx.user, ctx.scenario);
      return row ? { status: 200, body: withChannelName(ctx, resource, row) } : notFound(ctx);
    },
    [`post /api/${resource}`]: async (ctx) => {
      const body = await ctx.body();
      // A new record has the shape of the resource's others: what the request leaves out comes from a sibling.
      const model = ctx.store.visible(resource, ctx.user, ctx.scenario)[0] ?? {};
      const id = ctx.store.nextId(resource);
      const fields = Object.fromEntries(Object.entries(body).filter(([key]) => key in model || !('id' in model)));
      const row: Row = { ...model, ...fields, id, created_at: now(), updated_at: now(), version: 1 };
      if ('mandant_id' in model && body.mandant_id === undefined)
        row.mandant_id = ctx.user.mandant_id ?? model.mandant_id;
      // A unit made in the app is never one of the built-in words.
      if (resource === 'units') row.builtin = false;
      if (resource === 'calculations') {
        row.number = `K-${new Date().getUTCFullYear()}-${String(id).padStart(6, '0')}`;
        row.frozen = false;
        row.status = body.status ?? 'draft';
        row.title = String((body.inputs as Row | undefined)?.title ?? body.title ?? '');
        Object.assign(row, computedCalculation(ctx, row));
      }
      ctx.store.table(resource).set(String(id), row);
      return { status: 201, body: row };
    },
    [`put /api/${resource}/{id}`]: async (ctx) => {
      const id = decodeURIComponent(ctx.params[0]!);
      const row = ctx.store.find(resource, id, ctx.user, ctx.scenario);
      if (!row) return notFound(ctx);
      if (row.frozen === true) return error(ctx, 409, `errors.${resource}.frozen`);
      const body = await ctx.body();
      // Optimistic versions, as the server keeps them: a stale `version` is a conflict.
      if (body.version !== undefined && body.version !== row.version) return error(ctx, 409, 'errors.db.stale');
      const fields = Object.fromEntries(Object.entries(body).filter(([key]) => key in row && key !== 'id'));
      const updated: Row = { ...row, ...fields, updated_at: now(), version: Number(row.version ?? 0) + 1 };
      if (resource === 'calculations' && 'inputs' in body) Object.assign(updated, computedCalculation(ctx, updated));
      ctx.store.table(resource).set(id, updated);
      return { status: 200, body: updated };
    },
    [`delete /api/${resource}/{id}`]: (ctx) => {
      const id = decodeURIComponent(ctx.params[0]!);
      const row = ctx.store.find(resource, id, ctx.user, ctx.scenario);
      if (!row) return notFound(ctx);
      if (row.frozen === true) return error(ctx, 409, `errors.${resource}.frozen`);
      ctx.store.table(resource).delete(id);
      return { status: 200, body: row };
    },
  };
}

/**
 * A calculation's results as the server computes them: its template (the store's record) over the factors of its
 * database in the store. Without both, the results stay as they were (a record the store does not explain).
 */
function computedCalculation(ctx: Context, row: Row): Row {
  const record = ctx.store.find('templates', String(row.template_id), ctx.user, ctx.scenario);
  const template = record?.definition as Template | undefined;
  const databaseId = row.database_id ?? null;
  const database =
    databaseId === null ? undefined : ctx.store.find('databases', String(databaseId), ctx.user, ctx.scenario);
  if (!template || !database) return {};
  const factors = ctx.store
    .visible('factors', ctx.user, ctx.scenario)
    .filter((factor) => factor.database_id === databaseId) as unknown as FactorRecord[];
  const lookup: FactorLookup = (key) => {
    const factor = factors.find((candidate) => candidate.key === key);
    return (
      factor && { key: factor.key, value: factor.value, unit: factor.unit, source: factor.source, label: factor.label }
    );
  };
  const computed = computeResults(template, (row.inputs ?? {}) as CalculationInputs, lookup);
  const { id, name, version_label } = database as unknown as FactorDatabaseRecord;
  return {
    template_version: template.version,
    template_type: template.type,
    results: calculationResults(computed, { id, name, version_label }),
    total_co2e: computed.primary,
  };
}

/** A lifecycle step: the record with its new status. */
const step =
  (resource: string, status: string, extra: (row: Row) => Row = () => ({})): Route =>
  (ctx) => {
    const id = ctx.params[0]!;
    const row = ctx.store.find(resource, id, ctx.user, ctx.scenario);
    if (!row) return error(ctx, 404, 'errors.noRecord', { resource, id });
    const updated = { ...row, status, ...extra(row), updated_at: now(), version: Number(row.version ?? 0) + 1 };
    ctx.store.table(resource).set(id, updated);
    return { status: 200, body: updated };
  };

const recorded =
  (fallback: unknown = []): Route =>
  (ctx) => ({ status: 200, body: ctx.store.answer(ctx.user, ctx.url.pathname) ?? fallback });

/** The rows of a recorded list (API tokens, a storefront's secret keys, webhooks …) as this user's mock keeps them. */
const recordedRows = (ctx: Context, path: string) => (ctx.store.answer(ctx.user, path) as Row[] | undefined) ?? [];

/** Takes a row out of the recorded list at `listPath` (the request's last path parameter is the row's id). */
const deleteRecorded =
  (listPath: (params: string[]) => string): Route =>
  (ctx) => {
    const path = listPath(ctx.params);
    const id = ctx.params[ctx.params.length - 1];
    ctx.store.setAnswer(
      ctx.user,
      path,
      recordedRows(ctx, path).filter((row) => String(row.id) !== id),
    );
    return { status: 204 };
  };

function templateVersions(ctx: Context, id: string): Row[] {
  const path = `/api/templates/${id}/versions`;
  let versions = ctx.store.anyAnswer(path) as Row[] | undefined;
  if (!versions) {
    versions = [];
    ctx.store.setAnswer(ctx.user, path, versions);
  }
  return versions;
}

const customRoutes: Record<string, Route> = {
  'post /api/auth/login': async (ctx) => {
    const body = await ctx.body();
    const account = ctx.store.account(String(body.email ?? ''));
    if (!account || body.password !== ctx.store.password) return error(ctx, 401, 'errors.auth.loginFailed');
    const session = structuredClone(account.session);
    session.token = `mock:${account.email}:${Date.now()}`;
    return { status: 200, body: session };
  },
  'post /api/auth/logout': () => ({ status: 204 }),
  'post /api/auth/forgot-password': () => ({ status: 204 }),
  'post /api/auth/reset-password': () => ({ status: 204 }),
  // There are no invitation mails in mock mode, so no link is valid.
  'post /api/auth/accept-invitation': (ctx) => error(ctx, 400, 'errors.auth.resetLinkInvalid'),
  'get /api/invitations/by-token': (ctx) => error(ctx, 404, 'errors.invitations.linkInvalid'),
  'get /api/health': () => ({ status: 200, body: { status: 'ok', database: 'sqlite', version: 'mock' } }),
  'get /api/auth/me': (ctx) => ({ status: 200, body: ctx.user }),
  'put /api/auth/me': async (ctx) => {
    const body = await ctx.body();
    const account = ctx.store.account(ctx.user.email)!;
    if (typeof body.name === 'string') account.session.user.name = body.name;
    if (typeof body.language === 'string' && isLanguage(body.language)) account.session.user.language = body.language;
    return { status: 200, body: account.session.user };
  },
  'get /api/auth/tokens': recorded(),
  'post /api/auth/tokens': async (ctx) => {
    const body = await ctx.body();
    const id = ctx.store.sequence();
    const token = {
      id,
      name: String(body.name ?? ''),
      created_at: now(),
      expires_at: new Date(Date.now() + 90 * 86_400_000).toISOString(),
      last_used_at: null,
    };
    const tokens = recordedRows(ctx, '/api/auth/tokens');
    ctx.store.setAnswer(ctx.user, '/api/auth/tokens', [...tokens, token]);
    return { status: 201, body: { ...token, token: `kontor_mock_${id}` } };
  },
  'delete /api/auth/tokens/{id}': deleteRecorded(() => '/api/auth/tokens'),
  // The channel filter's choices, for every reader: id and name of the storefronts in the reader's scope.
  'get /api/storefront-channels': (ctx) => ({
    status: 200,
    body: ctx.store
      .visible('storefronts', ctx.user, ctx.scenario)
      .map((row) => ({ id: Number(row.id), name: String(row.name) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
  }),
  // A storefront's secret keys: the recorded list per storefront; a new key is shown once, as the server does.
  'get /api/storefronts/{id}/secret-keys': recorded(),
  'post /api/storefronts/{id}/secret-keys': async (ctx) => {
    const body = await ctx.body();
    const id = ctx.store.sequence();
    const key = `kontor_sk_mock${String(id).padStart(39, '0')}`;
    const record = {
      id,
      storefront_id: Number(ctx.params[0]),
      name: String(body.name ?? ''),
      hint: key.slice(-4),
      created_at: now(),
      last_used_at: null,
    };
    const keys = recordedRows(ctx, ctx.url.pathname);
    ctx.store.setAnswer(ctx.user, ctx.url.pathname, [record, ...keys]);
    return { status: 201, body: { ...record, key } };
  },
  'delete /api/storefronts/{id}/secret-keys/{keyId}': deleteRecorded(([id]) => `/api/storefronts/${id}/secret-keys`),
  // A storefront's webhook endpoints and deliveries: recorded lists per storefront; a new endpoint's secret is shown
  // once; "send again" adds a pending delivery of the same event, as the server does.
  'get /api/storefronts/{id}/webhooks': recorded(),
  'post /api/storefronts/{id}/webhooks': async (ctx) => {
    const body = await ctx.body();
    const id = ctx.store.sequence();
    const secret = `whsec_mock${String(id).padStart(39, '0')}`;
    const record = {
      id,
      storefront_id: Number(ctx.params[0]),
      url: String(body.url ?? ''),
      hint: secret.slice(-4),
      created_at: now(),
    };
    const endpoints = recordedRows(ctx, ctx.url.pathname);
    ctx.store.setAnswer(ctx.user, ctx.url.pathname, [...endpoints, record]);
    return { status: 201, body: { ...record, secret } };
  },
  'delete /api/storefronts/{id}/webhooks/{webhookId}': deleteRecorded(([id]) => `/api/storefronts/${id}/webhooks`),
  // Deliveries through the list engine, as the server's: a page, newest first unless sorted, with Content-Range.
  'get /api/storefronts/{id}/webhook-deliveries': (ctx) => {
    const query = parseListQuery(ctx.url.searchParams);
    if ('invalid' in query) return error(ctx, 400, 'errors.badRequest');
    if (!ctx.url.searchParams.has('sort')) query.sort = { field: 'created_at', order: -1 };
    const rows = recordedRows(ctx, ctx.url.pathname);
    const { page, contentRange } = listPage('storefront-webhook-deliveries', rows, query);
    return { status: 200, body: page, headers: { 'Content-Range': contentRange } };
  },
  'post /api/storefronts/{id}/webhook-deliveries/{deliveryId}/resend': (ctx) => {
    const path = `/api/storefronts/${ctx.params[0]}/webhook-deliveries`;
    const deliveries = recordedRows(ctx, path);
    const original = deliveries.find((delivery) => String(delivery.id) === ctx.params[1]);
    if (!original) return error(ctx, 404, 'errors.notFound');
    const delivery = {
      ...original,
      id: ctx.store.sequence(),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now(),
      last_attempt_at: null,
      response_code: null,
      response_body: null,
      error: null,
      created_at: now(),
    };
    ctx.store.setAnswer(ctx.user, path, [delivery, ...deliveries]);
    return { status: 201, body: delivery };
  },
  'post /api/invitations/{id}/resend': (ctx) => step('invitations', 'pending')(ctx),
  'get /api/protocol/export.csv': () => csv('at,user,action,subject'),
  // Templates: the list and one template are REST reads; versions are the provider admin's recorded ones.
  'get /api/templates/{id}/versions': (ctx) => ({ status: 200, body: templateVersions(ctx, ctx.params[0]!) }),
  'post /api/templates': async (ctx) => {
    const body = (await ctx.body()) as { definition?: Row; status?: string };
    const id = String(body.definition?.id ?? 'template');
    const versions = templateVersions(ctx, id);
    const version = Math.max(0, ...versions.map((v) => Number(v.version))) + 1;
    // Saved as a draft unless the request publishes it at once (the editor's "publish").
    const published = body.status === 'published';
    const record = {
      id: `${id}@${version}`,
      template_id: id,
      version,
      status: published ? 'published' : 'draft',
      source: 'app',
      label: String((body.definition?.label as Record<string, string> | undefined)?.[ctx.language] ?? id),
      created_by: ctx.user.id,
      created_at: now(),
      published_at: published ? now() : null,
      usage: 0,
      definition: { ...body.definition, version },
    };
    versions.push(record);
    return { status: 201, body: record };
  },
  'post /api/templates/{id}/versions/{version}/copy': (ctx) => {
    const versions = templateVersions(ctx, ctx.params[0]!);
    const from = versions.find((v) => String(v.version) === ctx.params[1]);
    if (!from) return error(ctx, 404, 'errors.notFound');
    const version = Math.max(...versions.map((v) => Number(v.version))) + 1;
    const record = {
      ...from,
      id: `${ctx.params[0]!}@${version}`,
      version,
      status: 'draft',
      source: 'app',
      usage: 0,
      published_at: null,
      created_at: now(),
    };
    versions.push(record);
    return { status: 201, body: record };
  },
  'post /api/templates/{id}/versions/{version}/publish': (ctx) => {
    const found = templateVersions(ctx, ctx.params[0]!).find((v) => String(v.version) === ctx.params[1]);
    if (!found) return error(ctx, 404, 'errors.notFound');
    Object.assign(found, { status: 'published', published_at: now() });
    return { status: 200, body: found };
  },
  'delete /api/templates/{id}/versions/{version}': (ctx) => {
    const versions = templateVersions(ctx, ctx.params[0]!);
    const index = versions.findIndex((v) => String(v.version) === ctx.params[1]);
    if (index < 0) return error(ctx, 404, 'errors.notFound');
    const [removed] = versions.splice(index, 1);
    return { status: 200, body: removed };
  },
  'get /api/templates/{id}/versions/{version}/export': (ctx) => {
    const found = templateVersions(ctx, ctx.params[0]!).find((v) => String(v.version) === ctx.params[1]);
    return found ? { status: 200, body: found.definition } : error(ctx, 404, 'errors.notFound');
  },
  'get /api/template-load-errors': recorded(),
  'get /api/factor-categories': recorded(),
  'put /api/factor-categories/{key}': async (ctx) => {
    const body = await ctx.body();
    const categories = recordedRows(ctx, '/api/factor-categories');
    const key = decodeURIComponent(ctx.params[0]!);
    const existing = categories.find((c) => c.key === key);
    const record = {
      key,
      factor_count: Number(existing?.factor_count ?? 0),
      factor_keys: (existing?.factor_keys as string[] | undefined) ?? [],
      label: body.label ?? null,
    };
    ctx.store.setAnswer(ctx.user, '/api/factor-categories', [...categories.filter((c) => c.key !== key), record]);
    return { status: 200, body: record };
  },
  // Mock mode keeps no calculations' inputs: a change there touches nothing it could count.
  'post /api/templates/impact': () => ({ status: 200, body: NO_IMPACT }),
  'post /api/databases/{id}/impact': (ctx) =>
    ctx.store.find('databases', ctx.params[0]!, ctx.user, ctx.scenario)
      ? { status: 200, body: NO_IMPACT }
      : error(ctx, 404, 'errors.notFound'),
  'post /api/databases/{id}/publish': step('databases', 'published'),
  'post /api/databases/{id}/archive': step('databases', 'archived'),
  'post /api/databases/{id}/roll-out': (ctx) => step('databases', 'published', () => ({ rolled_out_at: now() }))(ctx),
  'get /api/databases/{id}/diff': (ctx) => {
    // As the server reads it: from `against` (old) to the database in the path (new), over the store's factors.
    const to = ctx.store.find('databases', ctx.params[0]!, ctx.user, ctx.scenario);
    const from = ctx.store.find('databases', ctx.url.searchParams.get('against') ?? '', ctx.user, ctx.scenario);
    if (!from || !to) return error(ctx, 404, 'errors.notFound');
    const factorsOf = (database: Row) =>
      ctx.store
        .visible('factors', ctx.user, ctx.scenario)
        .filter((factor) => factor.database_id === database.id) as unknown as FactorRecord[];
    return {
      status: 200,
      body: diffFactors(
        from as unknown as FactorDatabaseRecord,
        to as unknown as FactorDatabaseRecord,
        factorsOf(from),
        factorsOf(to),
      ),
    };
  },
  'post /api/databases/{id}/import': async (ctx) => {
    const body = await ctx.body();
    const lines = String(body.csv ?? '')
      .split('\n')
      .filter((line) => line.trim()).length;
    return { status: 200, body: { inserted: Math.max(0, lines - 1), updated: 0 } };
  },
  'post /api/migrations': (ctx) => error(ctx, 400, 'errors.notSupported'),
  'post /api/migrations/{id}/apply': step('migrations', 'applied', () => ({ applied_at: now() })),
  'post /api/migrations/{id}/discard': step('migrations', 'discarded'),
  'post /api/migrations/{id}/rollback': step('migrations', 'rolled_back', () => ({ rolled_back_at: now() })),
  'get /api/migrations/{id}/items.csv': () => csv('number,title,total_before,total_after'),
  // An import reads a file on the server; mock mode does not simulate it.
  'post /api/imports': (ctx) => error(ctx, 400, 'errors.notSupported'),
  'get /api/imports/{id}/errors': () => ({ status: 200, body: [] }),
  'get /api/imports/{id}/errors.csv': () => csv('row,field,message'),
  'post /api/imports/{id}/undo': step('imports', 'undone'),
  'post /api/imports/{id}/cancel': () => ({ status: 202 }),
  'get /api/orders/quote': (ctx) => {
    const search = ctx.url.searchParams;
    const project = ctx.store.find('carbon-offset-projects', search.get('project_id') ?? '', ctx.user, ctx.scenario);
    if (!project) return error(ctx, 404, 'errors.notFound');
    const collection = search.get('collection_id')
      ? ctx.store.find('collections', search.get('collection_id')!, ctx.user, ctx.scenario)
      : undefined;
    const ids = collection
      ? ((collection.calculation_ids as number[] | undefined) ?? [])
      : [Number(search.get('calculation_id'))];
    const calculations = ids
      .map((id) => ctx.store.find('calculations', String(id), ctx.user, ctx.scenario))
      .filter((row): row is Row => !!row);
    if (calculations.length === 0) return error(ctx, 404, 'errors.notFound');
    const co2e = calculations.reduce((sum, row) => sum + Number(row.total_co2e ?? 0), 0);
    // The server's order arithmetic: rounded up to the mandant's step, priced in whole minor units.
    const mandant = ctx.store.table('mandants').get(String(calculations[0]!.mandant_id));
    const settings = (mandant?.settings ?? {}) as MandantSettings;
    const stepKg = roundingStepKg(settings);
    const tonnes = orderedKg(co2e, stepKg);
    const perTonne = Number(project.price_per_tonne_minor ?? 0);
    return {
      status: 200,
      body: {
        calculation_ids: calculations.map((row) => Number(row.id)),
        co2e_kg: co2e,
        tonnes_kg: tonnes,
        rounding_kg: stepKg,
        price_per_tonne_minor: perTonne,
        total_minor: priceMinor(tonnes, perTonne),
        currency: String(project.currency ?? 'EUR'),
        issued_to: settings.certificate_name?.trim() || String(mandant?.name ?? ctx.user.mandant_name ?? ''),
      },
    };
  },
  'post /api/orders/{id}/place': step('orders', 'placed'),
  'post /api/orders/{id}/confirm': step('orders', 'confirmed'),
  'post /api/orders/{id}/complete': step('orders', 'completed'),
  'post /api/orders/{id}/cancel': step('orders', 'cancelled'),
  'get /api/orders/{id}/certificate.pdf': pdf,
  'get /api/orders/{id}/confirmation.pdf': pdf,
  'get /api/calculations/{id}/report.pdf': pdf,
  'get /api/collections/{id}/report.pdf': pdf,
  'get /api/collections/tags': (ctx) => {
    const tags = new Set<string>();
    for (const row of ctx.store.visible('collections', ctx.user, ctx.scenario))
      for (const tag of (row.tags as string[] | undefined) ?? []) tags.add(tag);
    return { status: 200, body: [...tags].sort() };
  },
  'post /api/collections/{id}/calculations': async (ctx) => collectionMembers(ctx, 'add'),
  'delete /api/collections/{id}/calculations': async (ctx) => collectionMembers(ctx, 'remove'),
  'get /api/statistics': recorded(),
  'get /api/statistics/{name}': (ctx) => {
    if (ctx.url.searchParams.get('format') === 'csv') return csv('label,value');
    const answer = ctx.store.answer(ctx.user, ctx.url.pathname) as Row | undefined;
    if (!answer) return error(ctx, 404, 'errors.notFound');
    const from = ctx.url.searchParams.get('from') ?? answer.from;
    const to = ctx.url.searchParams.get('to') ?? answer.to;
    const empty = ctx.scenario.mandantData === 'empty';
    return { status: 200, body: { ...answer, from, to, ...(empty ? { rows: [] } : {}) } };
  },
  'get /api/publications': (ctx) => ({ status: 200, body: ctx.store.visible('publications', ctx.user, ctx.scenario) }),
  'get /api/publications/{id}': (ctx) => {
    const row = ctx.store.find('publications', ctx.params[0]!, ctx.user, ctx.scenario);
    return row ? { status: 200, body: row } : error(ctx, 404, 'errors.notFound');
  },
  'delete /api/publications/{id}': (ctx) => {
    const row = ctx.store.find('publications', ctx.params[0]!, ctx.user, ctx.scenario);
    if (!row) return error(ctx, 404, 'errors.notFound');
    row.revoked_at = now();
    return { status: 204 };
  },
  'get /api/publications/{id}/document.pdf': pdf,
};

for (const subject of ['calculations', 'collections', 'orders'] as const) {
  customRoutes[`get /api/${subject}/{id}/publications`] = (ctx) => ({
    status: 200,
    body: ctx.store
      .visible('publications', ctx.user, ctx.scenario)
      .filter((row) => row.subject_type === subject && String(row.subject_id) === ctx.params[0]),
  });
  customRoutes[`post /api/${subject}/{id}/publications`] = async (ctx) => {
    const subjectRow = ctx.store.find(subject, ctx.params[0]!, ctx.user, ctx.scenario);
    if (!subjectRow) return error(ctx, 404, 'errors.notFound');
    const body = await ctx.body();
    const id = ctx.store.nextId('publications');
    const row = {
      id,
      mandant_id: Number(subjectRow.mandant_id ?? ctx.user.mandant_id ?? 0),
      subject_type: subject,
      subject_id: Number(subjectRow.id),
      language: isLanguage(String(body.language)) ? body.language : ctx.language,
      label: String(subjectRow.number ?? subjectRow.name ?? subjectRow.id),
      url: `${ctx.url.origin}/verify/mock${String(id).padStart(18, '0')}`,
      created_by: ctx.user.id,
      created_at: now(),
      revoked_at: null,
    };
    ctx.store.table('publications').set(String(id), row);
    return { status: 201, body: row };
  };
}

async function collectionMembers(ctx: Context, change: 'add' | 'remove'): Promise<Answer> {
  const row = ctx.store.find('collections', ctx.params[0]!, ctx.user, ctx.scenario);
  if (!row) return error(ctx, 404, 'errors.notFound');
  const body = await ctx.body();
  const ids = ((body.ids ?? body.calculation_ids) as number[] | undefined) ?? [];
  const members = new Set((row.calculation_ids as number[] | undefined) ?? []);
  for (const id of ids) {
    if (change === 'add') members.add(id);
    else members.delete(id);
  }
  const updated = {
    ...row,
    calculation_ids: [...members],
    calculation_count: members.size,
    updated_at: now(),
    version: Number(row.version ?? 0) + 1,
  };
  ctx.store.table('collections').set(String(row.id), updated);
  return { status: 200, body: updated };
}

/** Path parameters in the order of the template's `{…}` segments. */
function pathParams(template: string, pathname: string): string[] {
  const names = template.split('/');
  return pathname
    .split('/')
    .filter((_, index) => names[index]?.startsWith('{'))
    .map(decodeURIComponent);
}

function scenarioError(ctx: Pick<Context, 'language'>, status: number): Answer {
  if (status === 400) {
    return {
      status,
      body: {
        message: translate(ctx.language, 'errors.badRequest'),
        errors: { title: translate(ctx.language, 'errors.required') },
      },
    };
  }
  if (status === 503) {
    return {
      ...error(ctx, 503, 'errors.databaseUnreachable'),
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    };
  }
  const keys: Record<number, string> = {
    403: 'errors.forbidden',
    404: 'errors.notFound',
    409: 'errors.db.stale',
    500: 'errors.internal',
  };
  return error(ctx, status, keys[status] ?? 'errors.internal');
}

function signedInUser(store: MockStore, request: Request, scenario: ScenarioState): SessionUser | null {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const match = token ? /^mock:(.+):(\d+)$/.exec(token) : null;
  if (!match) return null;
  // An expired session: every token issued before the moment it expired.
  if (scenario.sessionExpiredAt !== null && Number(match[2]) <= scenario.sessionExpiredAt) return null;
  return store.account(match[1]!)?.session.user ?? null;
}

export function createMockApi({
  base,
  store,
  contract,
  scenarios = new Scenarios(),
  onViolation,
  authenticate = (request, scenario) => signedInUser(store, request, scenario),
}: MockApiOptions) {
  const prefix = new URL(base, 'http://placeholder').pathname.replace(/\/api$/, '');
  const routes: Record<string, Route> = {};
  for (const resource of store.records.keys()) Object.assign(routes, restRoutes(resource));
  Object.assign(routes, customRoutes);

  const handler = http.all(`${base}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const pathname = url.pathname.slice(prefix.length);
    const operation = contract.find(request.method, pathname);
    const route = operation && routes[`${operation.method} ${operation.path}`];
    if (!operation || !route) return undefined;
    const scenario = scenarios.state;
    if (scenario.delayMs > 0) await delay(scenario.delayMs);
    if (scenario.offline) return HttpResponse.error();
    const user = authenticate(request, scenario);
    const language: Language = user?.language ?? 'de';
    let answer: Answer;
    let invalid: Record<string, string> = {};
    const injected = !!scenario.error && (scenario.error.route === '*' || scenario.error.route === operation.path);
    if (scenario.error && injected) {
      answer = scenarioError({ language }, scenario.error.status);
    } else if (!user && !PUBLIC.has(`${operation.method} ${operation.path}`)) {
      const expired = scenario.sessionExpiredAt !== null && request.headers.has('Authorization');
      answer = error({ language }, 401, expired ? 'errors.auth.sessionExpired' : 'errors.auth.required');
    } else if (
      (operation.method === 'post' || operation.method === 'put') &&
      Object.keys(
        (invalid = contract.checkRequest(
          operation,
          await request
            .clone()
            .json()
            .catch(() => undefined),
        )),
      ).length > 0
    ) {
      // The request body as the server's route schema judges it: 400 with a message per field.
      const fields = Object.fromEntries(
        Object.entries(invalid).map(([field]) => [field, translate(language, 'errors.badRequest')]),
      );
      answer = { status: 400, body: { message: translate(language, 'errors.badRequest'), errors: fields } };
    } else {
      let parsed: Row | undefined;
      answer = await route({
        store,
        scenario,
        user:
          user ??
          ({ id: 0, email: '', name: '', role: 'viewer', language, mandant_id: null } as unknown as SessionUser),
        language,
        params: pathParams(operation.path, pathname),
        url,
        operation,
        body: async () =>
          (parsed ??= ((await request
            .clone()
            .json()
            .catch(() => ({}))) ?? {}) as Row),
      });
    }
    if (answer.text) {
      return new HttpResponse(answer.text.content, {
        status: answer.status,
        headers: { 'Content-Type': answer.text.type },
      });
    }
    if (answer.body === undefined) return new HttpResponse(null, { status: answer.status, headers: answer.headers });
    // A scenario's error is chosen on purpose, also with a status the route does not declare (a proxy's 503).
    const problems = injected ? [] : contract.check(operation, answer.status, answer.body);
    if (problems.length > 0) {
      onViolation({
        operation: `${operation.method.toUpperCase()} ${operation.path}`,
        status: answer.status,
        problems,
      });
    }
    return HttpResponse.json(answer.body as never, { status: answer.status, headers: answer.headers });
  });
  return { handlers: [handler], scenarios, store, contract };
}
