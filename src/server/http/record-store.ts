/**
 * Where the simple-rest engine (rest-resource.ts) keeps a resource's rows: its extension point for storage. The
 * default, `tableStore`, keeps one row per record in one table; a resource whose record spans tables brings its own
 * store (calculations/store.ts). Every method answers only rows of the caller's mandant (tenant-scope.ts).
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { selectFromTable, tablesByName, type TableName } from '../db/named-table';
import { isoNow } from '../db/values';
import type { ListPage, ListQuery } from './list-query';
import { allColumns, columnRef, selectPage, whereListed, type Counting, type Searched } from './list-sql';
import { scopeToMandant, type Narrowable } from './tenant-scope';

export type Row = Record<string, unknown>;

export interface RestContext {
  user: SessionUser;
  /**
   * The connection to use in hooks. For create/update/delete it is the transaction the write runs
   * in, so a hook's own writes (e.g. a protocol entry) commit or roll back with it. Never use the
   * app's `db` inside a hook: on SQLite that waits for the open transaction forever.
   */
  db: Kysely<DatabaseSchema>;
  request: FastifyRequest;
}

/** What the engine tells a store about one list page beyond the query: the resource's own filters, search and count. */
export interface Listing {
  /** The conditions of the resource's custom filter keys. */
  filters: readonly Expression<SqlBool>[];
  /** What `q` searches, given how the store refers to a column. */
  searched(ref: (column: string) => Expression<unknown>): Searched;
  counting: Counting;
}

export interface RecordStore {
  /** The row of record `id` as the record mapping reads it; undefined where the caller cannot see it. */
  find(ctx: RestContext, id: number): Promise<Row | undefined>;
  /** The rows of one list page and their total. */
  page(ctx: RestContext, query: ListQuery, listing: Listing): Promise<ListPage<Row>>;
  /** Inserts a record's column values (mandant and bookkeeping filled in by the engine); answers its id. */
  insert(ctx: RestContext, values: Row): Promise<number>;
  /**
   * Writes changed column values of record `id`, read at `version` (versioned resources: bumps it); false where the
   * record changed since or is gone.
   */
  update(ctx: RestContext, id: number, values: Row, version: number | undefined): Promise<boolean>;
  /** Deletes record `id`; false where the caller cannot see it. */
  delete(ctx: RestContext, id: number): Promise<boolean>;
}

/** The condition on a row's key. */
export function keyIs(id: number, column = 'id'): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} = ${id}`;
}

/**
 * One row per record in `table`. `tenantColumn`: the mandant's column (`id` for the mandants table itself; null for a
 * global table); `versioned`: `updated_at` and `version` change with every update, which checks the version read.
 */
export function tableStore(table: TableName, tenantColumn: string | null, versioned: boolean): RecordStore {
  const scoped = <QB extends Narrowable<QB>>(query: QB, user: SessionUser): QB =>
    tenantColumn ? scopeToMandant(query, user, tenantColumn) : query;
  return {
    find: (ctx, id) =>
      scoped(selectFromTable(ctx.db, table), ctx.user).where(keyIs(id)).selectAll().$castTo<Row>().executeTakeFirst(),

    page: (ctx, query, listing) => {
      let base = scoped(selectFromTable(ctx.db, table), ctx.user);
      for (const filter of listing.filters) base = base.where(filter);
      return selectPage(whereListed(base, query, listing.searched(columnRef)), query, allColumns(), listing.counting);
    },

    insert: async (ctx, values) => {
      const inserted = await tablesByName(ctx.db)
        .insertInto(table)
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    update: async (ctx, id, values, version) => {
      let update = tablesByName(ctx.db).updateTable(table).set(values).where('id', '=', id);
      if (versioned) {
        update = update
          .set((eb) => ({ updated_at: isoNow(), version: eb(sql.ref('version'), '+', 1) }))
          .where('version', '=', version);
      }
      const result = await scoped(update, ctx.user).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    delete: async (ctx, id) => {
      const result = await scoped(
        tablesByName(ctx.db).deleteFrom(table).where('id', '=', id),
        ctx.user,
      ).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
