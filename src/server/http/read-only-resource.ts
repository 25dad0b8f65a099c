/**
 * List and read routes in the ra-data-simple-rest dialect for tables that are written by routes of their own (imports,
 * migrations) or whose visibility is not the plain "own mandant" rule of rest-resource.ts (global rows shared with
 * every mandant). Same parameters, same answers, same errors as registerRestResource.
 */
import type { TSchema } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import type { Expression, Kysely, SelectQueryBuilder } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { Resource } from '../../core/access/policy';
import { currentUser } from './request-user';
import type { DatabaseSchema } from '../db/schema';
import { notFound } from './errors';
import { selectFromTable, type TableName } from '../db/named-table';
import { recordColumns, type ColumnDefinition } from './list-columns';
import { parseListQuery } from './list-query';
import { registerListRoute, registerRecordRoute } from './list-route';
import { allColumns, selectPage, whereListed } from './list-sql';
import { keyIs, type Row } from './record-store';

type TableSelect<T extends TableName> = SelectQueryBuilder<DatabaseSchema, T, object>;

export interface ReadOnlyResource<TRecord, T extends TableName> {
  name: string;
  /** The access policy's resource whose `list` and `read` rules guard these routes. */
  access: Resource;
  table: T;
  /** Columns that may be sorted and filtered (default: the record's scalar properties, recordColumns, but the `unlisted` ones). */
  columns?: Record<string, ColumnDefinition>;
  /** Record properties the default columns leave out. */
  unlisted?: readonly string[];
  /** SQL text expressions `q` searches (lower-cased, substring). */
  search?: readonly Expression<unknown>[];
  /** Restricts every query to the rows the user may see. */
  scope(query: TableSelect<T>, user: SessionUser): TableSelect<T>;
  toRecord(row: Row): TRecord;
  recordSchema: TSchema;
}

export function registerReadOnlyResource<TRecord, T extends TableName>(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  def: ReadOnlyResource<TRecord, T>,
): void {
  const scoped = (request: FastifyRequest) => def.scope(selectFromTable(db, def.table), currentUser(request));
  const tags = [def.name];
  const searchNames = def.search?.length ? ['q'] : [];
  const columns = def.columns ?? recordColumns(def.recordSchema, { omit: def.unlisted });

  registerListRoute(app, {
    name: def.name,
    access: def.access,
    tags,
    recordSchema: def.recordSchema,
    parse: (params) => parseListQuery(params, columns, searchNames),
    page: async (request, query) => {
      const filtered = whereListed(scoped(request), query, def.search ?? []);
      const { rows, total } = await selectPage(filtered, query, allColumns());
      return { rows: rows.map((row) => def.toRecord(row)), total };
    },
  });

  registerRecordRoute(app, {
    name: def.name,
    access: def.access,
    tags,
    recordSchema: def.recordSchema,
    find: async (request, id) => {
      const row: Row | undefined = await scoped(request).selectAll().where(keyIs(id)).$castTo<Row>().executeTakeFirst();
      if (!row) throw notFound(msg('errors.noRecord', { resource: def.name, id }));
      return def.toRecord(row);
    },
  });
}
