/**
 * The GET routes of the ra-data-simple-rest dialect: a list (querystring schema, errors, `Content-Range`) and one
 * record. What a list answers comes from its `page` (list-sql.ts or list-memory.ts).
 */
import type { TSchema } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '../../core/api/schema';
import type { Resource } from '../../core/access/policy';
import { allowedTo } from './request-user';
import { errorAnswers } from './errors';
import { idParams } from './record-id';
import { typed } from './typed-routes';
import type { ListPage, ListParams, ListQuery } from './list-query';

/** `users 0-24/319`; `users *\/0` (star, slash, total) when the page is empty; `calculations 0-24/*` past the count cap. */
export function contentRange(resource: string, start: number, count: number, total: number | null): string {
  const length = total === null ? '*' : String(total);
  return count === 0 ? `${resource} */${length}` : `${resource} ${start}-${start + count - 1}/${length}`;
}

/** The querystring every list (and an export of one) accepts; `describe` names a list's own default sort or filters. */
export function listQuerystring(describe: { sort?: string; filter?: string } = {}) {
  return Type.Object({
    sort: Type.Optional(Type.String({ description: describe.sort ?? 'JSON: ["field","ASC"|"DESC"]' })),
    range: Type.Optional(Type.String({ description: 'JSON: [start,end], inclusive, zero-based' })),
    filter: Type.Optional(
      Type.String({
        description: describe.filter ?? 'JSON object: field equality, id arrays, q search, field_gte/_lte',
      }),
    ),
    embed: Type.Optional(Type.String({ description: 'Ignored' })),
  });
}

export interface ListRoute<TRecord> {
  /** URL segment (`/api/<name>`) and Content-Range unit. */
  name: string;
  /** The policy resource whose `list` right the route checks (every list is checked the same way). */
  access: Resource;
  /** Default: the name. */
  tags?: string[];
  /** Default: "List <name> (sort, range, filter as in ra-data-simple-rest)". */
  summary?: string;
  recordSchema: TSchema;
  describe?: { sort?: string; filter?: string };
  /** parseListQuery with the list's columns, search and custom keys (and any checks of its own). */
  parse(params: ListParams): ListQuery;
  /** The page of records the query asks for, as the caller may see them. */
  page(request: FastifyRequest, query: ListQuery): Promise<ListPage<TRecord>>;
}

/** `GET /api/<name>`: the records as a JSON array, the total in `Content-Range`. */
export function registerListRoute<TRecord>(app: FastifyInstance, route: ListRoute<TRecord>): void {
  typed(app).get(
    `/api/${route.name}`,
    {
      ...allowedTo(app, 'list', route.access),
      schema: {
        tags: route.tags ?? [route.name],
        summary: route.summary ?? `List ${route.name} (sort, range, filter as in ra-data-simple-rest)`,
        querystring: listQuerystring(route.describe),
        response: { 200: Type.Array(route.recordSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const query = route.parse(request.query);
      const { rows, total } = await route.page(request, query);
      reply.header('Content-Range', contentRange(route.name, query.range.start, rows.length, total));
      return rows;
    },
  );
}

/** `GET /api/<name>/:id`: one record, found as the caller may see it (`find` throws 404 otherwise). */
export function registerRecordRoute<TRecord>(
  app: FastifyInstance,
  route: Pick<ListRoute<TRecord>, 'name' | 'access' | 'tags' | 'recordSchema'> & {
    find(request: FastifyRequest, id: number): Promise<TRecord>;
  },
): void {
  typed(app).get(
    `/api/${route.name}/:id`,
    {
      ...allowedTo(app, 'read', route.access),
      schema: {
        tags: route.tags ?? [route.name],
        summary: `One ${route.name} record`,
        params: idParams,
        response: { 200: route.recordSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => route.find(request, request.params.id),
  );
}
