/**
 * The one data provider: the ra-data-simple-rest dialect over our own httpClient (base URL, token, error bodies), and
 * Kontor's endpoints beyond simple-rest as methods of it (react-admin's "custom methods"). Screens call them through
 * react-query (`useQuery`/`useMutation` over `useKontorDataProvider()`), never the HTTP client itself, so every call
 * shares react-admin's error handling (a rejected session signs out) and the one place that knows the URLs.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { paths } from '../../core/api/openapi.generated';
import { useDataProvider, type DataProvider, type GetListResult, type Identifier } from 'react-admin';
import type {
  ChangeImpact,
  CollectionRecord,
  CompleteOrderRequest,
  CreateFactorMigrationRequest,
  FactorCategoryRecord,
  FactorDatabaseAction,
  FactorDatabaseDiff,
  FactorDatabaseRecord,
  FactorImportReport,
  FactorImpactRequest,
  FactorMigrationRecord,
  MigrationStep,
  OrderQuote,
  OrderQuoteQuery,
  OrderRecord,
  OrderTransition,
  StatisticName,
  StatisticsRequestQuery,
  StatisticsResult,
  TemplateImpactRequest,
  TemplateLoadErrorRecord,
  TemplateRecord,
  TemplateSaveRequest,
  TemplateVersionRecord,
} from '../../core/api';
import type { LocalizedText } from '../../core/languages';
import { httpClient, sendJson } from './httpClient';
import { getApiBaseUrl } from './runtimeConfig';
import { rememberCreated } from '../layout/CreatedNotice';

/** What an order quote is for: one calculation or one collection. */
export type OrderSubject = Omit<OrderQuoteQuery, 'project_id'>;

/** The query of a statistic (the period, the reader's language, a mandant); the call chooses the format. */
export type StatisticsQuery = Omit<StatisticsRequestQuery, 'format'>;

export interface KontorDataProvider extends DataProvider {
  databaseAction(id: Identifier, action: FactorDatabaseAction): Promise<FactorDatabaseRecord>;
  importFactors(id: Identifier, csv: string): Promise<FactorImportReport>;
  factorDiff(id: Identifier, against: Identifier): Promise<FactorDatabaseDiff>;
  factorCategories(): Promise<FactorCategoryRecord[]>;
  nameFactorCategory(key: string, label: LocalizedText): Promise<FactorCategoryRecord>;
  previewMigration(request: CreateFactorMigrationRequest): Promise<FactorMigrationRecord>;
  migrationStep(id: Identifier, step: MigrationStep): Promise<FactorMigrationRecord>;
  statistics(name: StatisticName, query: StatisticsQuery, signal?: AbortSignal): Promise<StatisticsResult>;
  orderQuote(subject: OrderSubject, projectId: Identifier, signal?: AbortSignal): Promise<OrderQuote>;
  /** `details`: what the step records, e.g. a completion's registry serial numbers. */
  orderTransition(id: Identifier, transition: OrderTransition, details?: CompleteOrderRequest): Promise<OrderRecord>;
  collectionTags(): Promise<string[]>;
  addToCollection(id: Identifier, ids: Identifier[]): Promise<CollectionRecord>;
  removeFromCollection(id: Identifier, ids: Identifier[]): Promise<unknown>;
  undoImport(id: Identifier): Promise<unknown>;
  resendInvitation(id: Identifier): Promise<unknown>;
  /** A template saved as a new version (or a new template); provider admins. */
  saveTemplate(request: TemplateSaveRequest): Promise<TemplateVersionRecord>;
  templateVersions(id: string): Promise<TemplateVersionRecord[]>;
  /** One version of a template as any reader sees it: the version a calculation was made with. */
  templateAt(id: string, version: number): Promise<TemplateRecord>;
  publishTemplateVersion(id: string, version: number): Promise<TemplateVersionRecord>;
  deleteTemplateVersion(id: string, version: number): Promise<TemplateVersionRecord>;
  /** The file text the server exports for a version (what goes into `schemas/templates/<id>.json`). */
  exportTemplateVersion(id: string, version: number): Promise<string>;
  /** The template files the server rejected at startup. */
  templateLoadErrors(): Promise<TemplateLoadErrorRecord[]>;
  /** What saving (definition) or publishing (version) a template version touches. */
  templateImpact(request: TemplateImpactRequest): Promise<ChangeImpact>;
  /** What publishing a factor database, or changing one of its factors, touches. */
  databaseImpact(id: Identifier, request: FactorImpactRequest): Promise<ChangeImpact>;
}

/** The path of a statistic's CSV download (the JSON is `statistics`). */
export function statisticCsvPath(name: StatisticName, query: StatisticsQuery): string {
  return routePath('/api/statistics/{name}', { name }, { ...query, format: 'csv' });
}

/**
 * A list past the server's count cap answers `Content-Range: … 0-24/*`, which simple-rest reads as NaN.
 * react-admin's partial pagination takes over there: no total, only whether another page follows
 * ("1–25 of more than 10,000").
 */
function withPartialPages(
  result: GetListResult,
  pagination: { page: number; perPage: number } | undefined,
): GetListResult {
  if (!Number.isNaN(result.total)) return result;
  const { page, perPage } = pagination ?? { page: 1, perPage: 10 };
  return { data: result.data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: result.data.length === perPage } };
}

const get = async <T>(path: string, signal?: AbortSignal): Promise<T> => (await httpClient<T>(path, { signal })).json;
const post = async <T>(path: string, payload?: unknown): Promise<T> => (await sendJson<T>(path, 'POST', payload)).json;

/*
 * Custom routes by their path in the OpenAPI document (openapi-typescript's `paths`): the answer's type is the
 * document's, so a route renamed or an answer changed on the server fails tsc here. openapi-fetch was not taken: it
 * would be a second HTTP client beside `httpClient` (base URL, token, error bodies).
 */
type Method = 'get' | 'post';
type Route<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;
/** The JSON of the route's success (200, or 201 for a create). */
type Answer<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer Ok }
    ? JsonOf<Ok>
    : R extends { 201: infer Created }
      ? JsonOf<Created>
      : never
  : never;
/** The `{name}` segments of a route. */
type RouteParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Record<Name, string | number> & RouteParams<Rest>
  : unknown;
/** The query parameters the route declares. */
type RouteQuery<P extends keyof paths, M extends Method> = paths[P][M] extends { parameters: { query?: infer Q } }
  ? Q
  : never;
type QueryValues = Record<string, string | number | boolean | undefined>;

/**
 * The request path (without `/api`, which the base URL holds) of a route with its segments filled in and its query
 * parameters in the order given (those left undefined left out).
 */
function routePath(route: string, params: Record<string, string | number>, query?: QueryValues): string {
  const path = route
    .replace(/^\/api/, '')
    .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const getRoute = <P extends Route<'get'>>(
  route: P,
  params: RouteParams<P>,
  query?: RouteQuery<P, 'get'>,
  signal?: AbortSignal,
): Promise<Answer<P, 'get'>> =>
  get(routePath(route, params as Record<string, string | number>, query as QueryValues | undefined), signal);
const postRoute = <P extends Route<'post'>>(
  route: P,
  params: RouteParams<P>,
  payload?: unknown,
): Promise<Answer<P, 'post'>> => post(routePath(route, params as Record<string, string | number>), payload);

const templatePath = (id: string, version?: number) =>
  `/templates/${encodeURIComponent(id)}${version === undefined ? '' : `/versions/${version}`}`;

export function createDataProvider(): KontorDataProvider {
  // The base URL is resolved per request so a changed runtime configuration needs no new provider.
  const rest = simpleRestProvider('', (url: string, options?: RequestInit) =>
    httpClient(`${getApiBaseUrl()}${url}`, options),
  );
  return {
    ...rest,
    create: async (resource, params) => {
      const result = await rest.create(resource, params);
      rememberCreated(resource, result.data);
      return result;
    },
    getList: async (resource, params) => withPartialPages(await rest.getList(resource, params), params.pagination),
    getManyReference: async (resource, params) =>
      withPartialPages(await rest.getManyReference(resource, params), params.pagination),
    databaseAction: (id, action) => postRoute(`/api/databases/{id}/${action}`, { id }),
    importFactors: (id, csv) => postRoute('/api/databases/{id}/import', { id }, { csv }),
    factorDiff: (id, against) => get(`/databases/${id}/diff?against=${against}`),
    factorCategories: () => get('/factor-categories'),
    nameFactorCategory: async (key, label) =>
      (await sendJson<FactorCategoryRecord>(`/factor-categories/${encodeURIComponent(key)}`, 'PUT', { label })).json,
    previewMigration: (request) => postRoute('/api/migrations', {}, request),
    migrationStep: (id, step) => postRoute(`/api/migrations/{id}/${step}`, { id }),
    statistics: (name, query, signal) => getRoute('/api/statistics/{name}', { name }, query, signal),
    orderQuote: (subject, projectId, signal) =>
      getRoute('/api/orders/quote', {}, { project_id: Number(projectId), ...subject }, signal),
    orderTransition: (id, transition, details) => postRoute(`/api/orders/{id}/${transition}`, { id }, details),
    collectionTags: () => getRoute('/api/collections/tags', {}),
    addToCollection: (id, ids) => postRoute('/api/collections/{id}/calculations', { id }, { ids }),
    removeFromCollection: async (id, ids) =>
      (await sendJson(`/collections/${id}/calculations`, 'DELETE', { ids })).json,
    undoImport: (id) => postRoute('/api/imports/{id}/undo', { id }),
    resendInvitation: (id) => postRoute('/api/invitations/{id}/resend', { id }),
    saveTemplate: (request) => post('/templates', request),
    templateVersions: (id) => get(`${templatePath(id)}/versions`),
    templateAt: (id, version) => get(`${templatePath(id)}?version=${version}`),
    publishTemplateVersion: (id, version) => post(`${templatePath(id, version)}/publish`, {}),
    deleteTemplateVersion: async (id, version) =>
      (await sendJson<TemplateVersionRecord>(templatePath(id, version), 'DELETE')).json,
    exportTemplateVersion: async (id, version) => (await httpClient(`${templatePath(id, version)}/export`)).body,
    templateLoadErrors: () => getRoute('/api/template-load-errors', {}),
    templateImpact: (request) => post('/templates/impact', request),
    databaseImpact: (id, request) => post(`/databases/${id}/impact`, request),
  };
}

/** The data provider with Kontor's own methods, for `useQuery`/`useMutation`. */
export const useKontorDataProvider = () => useDataProvider<KontorDataProvider>();
