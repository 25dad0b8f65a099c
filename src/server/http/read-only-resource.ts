/**
 * List and read routes in the ra-data-simple-rest dialect for tables that are written by routes of their own (imports,
 * migrations) or whose visibility is not the plain "own mandant" rule of rest-resource.ts (global rows shared with
 * every mandant). Same parameters, same answers, same errors as registerRestResource.
 */
import type { TSchema } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import type { Expression, Kysely } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { Resource } from '../../core/access/policy';
import { currentUser } from './request-user';
import type { DatabaseSchema } from '../db/schema';
import { notFound } from './errors';
import {
  parseListQuery,
  recordColumns,
  registerListRoute,
  registerRecordRoute,
  selectPage,
  whereListed,
  type ColumnDefinition,
} from './list-query';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are chosen at run time here
type AnySelect = any;
type Row = Record<string, unknown>;

export interface ReadOnlyResource<TRecord> {
  name: string;
  /** The access policy's resource whose `list` and `read` rules guard these routes. */
  access: Resource;
  table: keyof DatabaseSchema & string;
  /** Columns that may be sorted and filtered (default: the record's scalar properties, recordColumns, but the `unlisted` ones). */
  columns?: Record<string, ColumnDefinition>;
  /** Record properties the default columns leave out. */
  unlisted?: readonly string[];
  /** SQL text expressions `q` searches (lower-cased, substring). */
  search?: readonly Expression<unknown>[];
  /** Restricts every query to the rows the user may see. */
  scope(query: AnySelect, user: SessionUser): AnySelect;
  toRecord(row: Row): TRecord;
  recordSchema: TSchema;
}

export function registerReadOnlyResource<TRecord>(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  def: ReadOnlyResource<TRecord>,
): void {
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
      const filtered = whereListed(def.scope(db.selectFrom(def.table), currentUser(request)), query, def.search ?? []);
      const { rows, total } = await selectPage(filtered, query);
      return { rows: rows.map((row) => def.toRecord(row)), total };
    },
  });

  registerRecordRoute(app, {
    name: def.name,
    access: def.access,
    tags,
    recordSchema: def.recordSchema,
    find: async (request, id) => {
      const row: Row | undefined = await def
        .scope(db.selectFrom(def.table), currentUser(request))
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(msg('errors.noRecord', { resource: def.name, id }));
      return def.toRecord(row);
    },
  });
}
