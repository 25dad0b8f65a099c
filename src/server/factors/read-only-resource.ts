/**
 * List and read routes in the ra-data-simple-rest dialect for tables whose visibility is not
 * the plain "own mandant" rule of rest-resource.ts (global rows shared with every mandant).
 * Same parameters, same answers, same errors as registerRestResource; writing comes later.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { Resource } from '../../core/access/policy';
import { currentUser, requireAccess } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { toCount } from '../db/values';
import { notFound } from '../http/errors';
import { contentRange, parseListQuery, type ColumnDefinition, type Condition } from '../http/list-query';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are chosen at run time here
type AnySelect = any;
type Row = Record<string, unknown>;

export interface ReadOnlyResource<TRecord> {
  name: string;
  /** The access policy's resource whose `list` and `read` rules guard these routes. */
  access: Resource;
  table: keyof DatabaseSchema & string;
  columns: Record<string, ColumnDefinition>;
  /** SQL text expressions `q` searches (lower-cased, substring). */
  search?: readonly Expression<unknown>[];
  /** Restricts every query to the rows the user may see. */
  scope(query: AnySelect, user: SessionUser): AnySelect;
  toRecord(row: Row): TRecord;
  recordSchema: Record<string, unknown>;
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function applyConditions<QB>(query: QB, conditions: Condition[]): QB {
  let q: AnySelect = query;
  for (const c of conditions) {
    const ref = sql.ref(c.column);
    if (c.kind === 'in') q = c.values.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where(ref, 'in', c.values);
    else if (c.kind === 'eq') q = c.value === null ? q.where(ref, 'is', null) : q.where(ref, '=', c.value);
    else q = q.where(ref, c.kind === 'gte' ? '>=' : '<=', c.value);
  }
  return q as QB;
}

export function searchCondition(search: string, expressions: readonly Expression<unknown>[]) {
  const pattern = likePattern(search);
  return sql<SqlBool>`(${sql.join(
    expressions.map((e) => sql`lower(${e}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

const errorRef = { $ref: 'ApiError#' };

export function registerReadOnlyResource<TRecord>(app: FastifyInstance, db: Kysely<DatabaseSchema>, def: ReadOnlyResource<TRecord>): void {
  const path = `/api/${def.name}`;
  const tags = [def.name];
  const searchNames = def.search?.length ? ['q'] : [];

  app.get<{ Querystring: { sort?: string; range?: string; filter?: string } }>(
    path,
    {
      onRequest: [app.authenticate, requireAccess('list', def.access)],
      schema: {
        tags,
        summary: `List ${def.name} (sort, range, filter as in ra-data-simple-rest)`,
        querystring: {
          type: 'object',
          properties: { sort: { type: 'string' }, range: { type: 'string' }, filter: { type: 'string' }, embed: { type: 'string' } },
        },
        response: { 200: { type: 'array', items: def.recordSchema }, 400: errorRef, 401: errorRef, 403: errorRef },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const query = parseListQuery(request.query, def.columns, searchNames);
      let base: AnySelect = applyConditions(def.scope(db.selectFrom(def.table), user), query.conditions);
      if (query.search !== null && def.search) base = base.where(searchCondition(query.search, def.search));
      const counted = await base.select((eb: AnySelect) => eb.fn.countAll().as('total')).executeTakeFirst();
      let page = base.selectAll().orderBy(sql.ref(query.sort.field), query.sort.order);
      if (query.sort.field !== 'id') page = page.orderBy('id', query.sort.order);
      const rows: Row[] = await page.limit(query.range.end - query.range.start + 1).offset(query.range.start).execute();
      reply.header('Content-Range', contentRange(def.name, query.range.start, rows.length, toCount(counted?.total)));
      return rows.map((row) => def.toRecord(row));
    },
  );

  app.get<{ Params: { id: number } }>(
    `${path}/:id`,
    {
      onRequest: [app.authenticate, requireAccess('read', def.access)],
      schema: {
        tags,
        summary: `One ${def.name} record`,
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, required: ['id'] },
        response: { 200: def.recordSchema, 401: errorRef, 404: errorRef },
      },
    },
    async (request) => {
      const row: Row | undefined = await def
        .scope(db.selectFrom(def.table), currentUser(request))
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound(`No ${def.name} record with id ${request.params.id}.`);
      return def.toRecord(row);
    },
  );
}
