/**
 * The ra-data-simple-rest dialect as one reusable piece. `registerRestResource(app, db, definition)`
 * gives a table the five routes react-admin's simple REST data provider expects:
 *
 *   GET    /api/<name>?sort=["f","ASC"]&range=[0,24]&filter={…}  → array + Content-Range
 *   GET    /api/<name>/:id                                        → record
 *   POST   /api/<name>                                            → created record (201)
 *   PUT    /api/<name>/:id                                        → updated record (409 if `version` is stale)
 *   DELETE /api/<name>/:id                                        → deleted record
 *
 * The reads, updates and deletes this engine builds are scoped by `scopeToMandant` (`tenant-scope.ts`) and a created
 * row takes its mandant from `mandantForNewRow`. What a resource adds itself (its filter SQL, its hooks' queries) and
 * routes outside the engine scope with the same module (`rowsOfMandant`, `tenantCondition` in raw SQL).
 */
import type { Static, TSchema } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg, type ErrorText } from '../../core/i18n/error-keys';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { currentUser, requireAccess } from './request-user';
import type { Resource } from '../../core/access/policy';
import { conflict, errorAnswers, notFound } from './errors';
import {
  parseListQuery,
  recordColumns,
  registerListRoute,
  registerRecordRoute,
  selectPage,
  whereListed,
  type AnyQuery,
  type ColumnDefinition,
  type ListColumns,
  type ListQuery,
} from './list-query';
import { idParams } from './record-id';
import { mandantForNewRow, scopeToMandant } from './tenant-scope';
import { recordChange, withOverrides, type ProtocolOverrides } from '../audit/change';

/** Tables are addressed by name at run time here; each definition maps rows to typed records. */
type DynamicDatabase = Record<string, Record<string, unknown>>;
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

export interface RecordChange<TRecord> {
  operation: 'create' | 'update' | 'delete';
  /** The record after the change (for delete: the deleted record). */
  record: TRecord;
  /** The record before an update or delete. */
  previous: TRecord | null;
}

/** A filter key the column list cannot express (e.g. a tag contained in a JSON array). */
export type CustomFilter = (value: unknown, ctx: RestContext) => RawBuilder<boolean>;

/**
 * Rows → API records (normalise booleans/JSON here; never leak secrets): row by row, or — for
 * records that need one more query per response (calculations read their factors' texts) — a
 * whole page at once.
 */
export type RecordMapping<TRecord> =
  | { toRecord(row: Row, ctx: RestContext): TRecord; toRecords?: never }
  | { toRecords(rows: Row[], ctx: RestContext): Promise<TRecord[]>; toRecord?: never };

/**
 * A resource's definition. With its request schemas as type arguments (`typeof CreateXRequest`, core/api), the
 * hooks get the bodies typed as those schemas validated them; without, as plain rows.
 */
export type RestResourceDefinition<
  TRecord extends { id: number },
  TCreate extends TSchema = TSchema,
  TUpdate extends TSchema = TSchema,
> = RestResourceShape<TRecord, TCreate, TUpdate> & RecordMapping<TRecord>;

/** The body a schema admits: its `Static` type, or a plain row for a schema given without its type. */
type BodyOf<S extends TSchema> = TSchema extends S ? Row : Static<S>;

/** The bookkeeping `versioned` adds, read from a row for a record (core/api `VersionedFields`). */
/**
 * A `beforeDelete` guard: refuses (409 with `message`) while a row of `table` still points at the record by `column`
 * (a machine set a calculation was computed with, a project an order bought from).
 */
export async function refuseWhileReferenced(
  ctx: RestContext,
  table: keyof DatabaseSchema & string,
  column: string,
  id: number,
  message: ErrorText,
): Promise<void> {
  const db = ctx.db as unknown as Kysely<DynamicDatabase>;
  const used = await db.selectFrom(table).select(column).where(column, '=', id).executeTakeFirst();
  if (used) throw conflict(message);
}

export function versionFields(row: Row): { created_at: string; updated_at: string; version: number } {
  return { created_at: String(row.created_at), updated_at: String(row.updated_at), version: Number(row.version) };
}

/**
 * The lighter rows a list page carries where the full record is heavy: what list screens show. Only pages get
 * them: a request without `range` (react-admin's getMany, whose answers go into its getOne cache) gets full
 * records. The schema must admit full records too (the list route answers both with it).
 */
export interface ListRows {
  schema: TSchema;
  toRows(rows: Row[], ctx: RestContext): Promise<object[]>;
  /** What a page reads, where that is less than a record (default: the record's columns). */
  select?: ListColumns['select'];
}

/**
 * A table with one row per record (keyed by the record's id) that holds the columns bulk writes rewrite, apart from
 * the record's main row (calculations: calculation_state, migration 0032). Reads join it, writes split their values
 * between both tables in the one transaction; with `versioned`, updated_at and version live here.
 */
export interface StateTable {
  table: keyof DatabaseSchema & string;
  /** Its column holding the record's id. */
  key: string;
  /** The record's columns that live in this table. */
  columns: readonly string[];
  /** Columns of the main row copied here on insert (never changed after), e.g. for its indexes. */
  copied: readonly string[];
}

interface RestResourceShape<TRecord extends { id: number }, TCreate extends TSchema, TUpdate extends TSchema> {
  /** URL segment and Content-Range unit, e.g. `users`. */
  name: string;
  table: keyof DatabaseSchema & string;
  /** Part of each record kept in a table of its own (see StateTable). */
  state?: StateTable;
  /**
   * Columns that may be sorted and filtered, with their types; `id` must be among them. Default: the record's scalar
   * properties as recordColumns types them, but the `unlisted` ones, retyped by `columnTypes`.
   */
  columns?: Record<string, ColumnDefinition>;
  /** Record properties the default columns leave out: not in the table, or not to be sorted and filtered by. */
  unlisted?: readonly string[];
  /** Default columns the table types wider than the record does (a `number` column behind an integer property). */
  columnTypes?: Record<string, ColumnDefinition>;
  /** Columns `filter={"q":…}` searches case-insensitively. */
  searchable?: readonly string[];
  /** The `q` condition of a resource with a search index of its own (same rows as over `searchable`, faster). */
  search?: (text: string) => Expression<SqlBool>;
  /** Lists that grow without bound count exactly only up to LIST_COUNT_CAP (list-query.ts selectPage). */
  countCapped?: boolean;
  /**
   * The list's count where something cheaper than its rows knows it (a table of counts, a narrower index); null
   * where it does not. It must count exactly the rows the list's filters and scope select.
   */
  count?: (query: ListQuery, ctx: RestContext) => Promise<number> | null;
  /** Tenant column (`mandant_id`; `id` for the mandants table itself); null for global tables. */
  tenantColumn: string | null;
  /** The access policy's resource whose rules guard these routes (each operation is its action of the same name). */
  access: Resource;
  /** JSON schema of one record (documentation and response serialisation). */
  recordSchema: TSchema;
  /** Rows of a list page when they differ from the record (default: the record). */
  listRows?: ListRows;
  /** JSON schema of a POST body. Unknown properties are dropped (additionalProperties: false). */
  createSchema: TCreate;
  /** JSON schema of a PUT body; every property optional so updateMany's partial bodies pass. */
  updateSchema: TUpdate;
  /** Validates a create body and returns the column values to insert. Throw a refusal (`../refusals`) on bad input. */
  beforeCreate(body: BodyOf<TCreate>, ctx: RestContext): Promise<Row>;
  /** Validates an update body against the current record and returns the columns to change. */
  beforeUpdate(body: BodyOf<TUpdate>, existing: TRecord, ctx: RestContext): Promise<Row>;
  beforeDelete?(existing: TRecord, ctx: RestContext): Promise<void>;
  /** Runs after every write inside its transaction (audit log, derived rows). Throwing rolls it back. */
  onChange?(change: RecordChange<TRecord>, ctx: RestContext): Promise<void>;
  /**
   * Adjusts the protocol entry every write records (action such as `duplicated`, label, fields left
   * out of the diff, summary parameters). Without it: created/updated/deleted with the full diff.
   */
  protocol?(change: RecordChange<TRecord>, ctx: RestContext): ProtocolOverrides;
  /** Filter keys handled by SQL of the resource's own; throw `badRequest` (`../refusals`) for a bad value. */
  customFilters?: Record<string, CustomFilter>;
  /** Adds `created_at`, `updated_at`, `version` bookkeeping (default true). */
  versioned?: boolean;
  /** OpenAPI tag (default: name). */
  tag?: string;
}

// eslint-disable-next-line max-lines-per-function -- 254 lines, not yet split into named steps (issue 37)
export function registerRestResource<
  TRecord extends { id: number },
  TCreate extends TSchema = TSchema,
  TUpdate extends TSchema = TSchema,
>(
  app: FastifyInstance,
  database: Kysely<DatabaseSchema>,
  def: RestResourceDefinition<TRecord, TCreate, TUpdate>,
): void {
  const versioned = def.versioned ?? true;
  const searchable = def.searchable ?? [];
  const columns = def.columns ?? { ...recordColumns(def.recordSchema, { omit: def.unlisted }), ...def.columnTypes };
  const path = `/api/${def.name}`;
  const tags = [def.tag ?? def.name];
  const ctxOf = (request: FastifyRequest, conn: Kysely<DatabaseSchema> = database): RestContext => ({
    user: currentUser(request),
    db: conn,
    request,
  });
  const dynamic = (ctx: RestContext) => ctx.db as unknown as Kysely<DynamicDatabase>;
  /** Runs a write and its hooks in one transaction; `ctx.db` is that transaction. */
  const inTransaction = <T>(request: FastifyRequest, work: (ctx: RestContext) => Promise<T>): Promise<T> =>
    database.transaction().execute((trx) => work(ctxOf(request, trx)));

  /**
   * Every write's protocol entry, written through the write's transaction: a failed entry rolls the
   * change back, a failed change leaves no entry. The entry belongs to the record's mandant.
   */
  const protocol = (ctx: RestContext, change: RecordChange<TRecord>, writtenColumns?: readonly string[]) => {
    const tenant = def.tenantColumn ? (change.record as Record<string, unknown>)[def.tenantColumn] : null;
    const entry = {
      action: ({ create: 'created', update: 'updated', delete: 'deleted' } as const)[change.operation],
      resource: def.name,
      record: change.record,
      previous: change.operation === 'update' ? change.previous : null,
      writtenColumns,
      mandantId: typeof tenant === 'number' ? tenant : null,
    };
    return recordChange(
      ctx.db,
      { user: ctx.user, ip: ctx.request.ip },
      withOverrides(entry, def.protocol?.(change, ctx)),
    );
  };

  /** A write's values: those of the main row, and those of the state row (none without a state table). */
  const splitState = (values: Row): [Row, Row] => {
    if (!state) return [values, {}];
    const main: Row = {};
    const own: Row = {};
    for (const [column, value] of Object.entries(values)) (state.columns.includes(column) ? own : main)[column] = value;
    return [main, own];
  };

  const toRecords = async (rows: Row[], ctx: RestContext): Promise<TRecord[]> =>
    def.toRecords ? def.toRecords(rows, ctx) : rows.map((row) => def.toRecord(row, ctx));

  const state = def.state;
  /** A column as SQL names it: qualified by its table where a state table is joined. */
  const columnRef = (column: string) =>
    sql.ref(state ? `${state.columns.includes(column) ? state.table : def.table}.${column}` : column);
  const listColumns: ListColumns | undefined = state && {
    ref: columnRef,
    select: (query) => query.selectAll(def.table).select(state.columns.map((column) => `${state.table}.${column}`)),
    // The state row's key is the record's id.
    tieBreaker: (field) => sql.ref(state.columns.includes(field) ? `${state.table}.${state.key}` : `${def.table}.id`),
  };

  /**
   * The single entry point for reading rows: tenant-scoped by construction. How the state table is read:
   * - `joined`: the main table joined with it;
   * - `stateFirst`: it is the outer loop (SQLite keeps a CROSS JOIN's order; PostgreSQL plans it as any inner join), so a
   *   page sorted by a state column walks its index and stops after the page, instead of sorting every match —
   *   SQLite's planner (with STAT4) preferred the latter: 34 ms instead of 3 at 20,000 calculations;
   * - `none`: the main table alone, for a list whose filters and sort read no state column (its rows are read late).
   */
  const scopedSelect = (ctx: RestContext, stateRead: 'joined' | 'stateFirst' | 'none' = 'joined') => {
    const base =
      !state || stateRead === 'none'
        ? dynamic(ctx).selectFrom(def.table)
        : stateRead === 'stateFirst'
          ? dynamic(ctx)
              .selectFrom(state.table)
              .crossJoin(def.table)
              .whereRef(`${state.table}.${state.key}`, '=', `${def.table}.id`)
          : dynamic(ctx).selectFrom(def.table).innerJoin(state.table, `${state.table}.${state.key}`, `${def.table}.id`);
    return def.tenantColumn
      ? scopeToMandant(base, ctx.user, state ? `${def.table}.${def.tenantColumn}` : def.tenantColumn)
      : base;
  };

  /** The rows of a subquery `page` of ids, in the main table joined with their state rows. */
  const withStateOf =
    state &&
    ((ctx: RestContext) => (page: AnyQuery) =>
      dynamic(ctx)
        .selectFrom(page)
        .innerJoin(def.table, `${def.table}.id`, 'page.id')
        .innerJoin(state.table, `${state.table}.${state.key}`, `${def.table}.id`));

  const findOne = async (ctx: RestContext, id: number): Promise<TRecord> => {
    const scoped = scopedSelect(ctx).where(state ? `${def.table}.id` : 'id', '=', id);
    const row = await (listColumns ? listColumns.select(scoped) : scoped.selectAll()).executeTakeFirst();
    if (!row) throw notFound(msg('errors.noRecord', { resource: def.name, id }));
    return (await toRecords([row], ctx))[0]!;
  };

  const list = async (ctx: RestContext, query: ListQuery) => {
    const stateSorted = !!state && state.columns.includes(query.sort.field);
    // Counting and choosing a page need the state row only where a filter or the sort reads it. A text search narrows
    // more than a walk of the sort index would: there the planner chooses the order.
    const stateFiltered = !!state && query.conditions.some(({ column }) => state.columns.includes(column));
    let base = scopedSelect(
      ctx,
      stateSorted && query.search === null ? 'stateFirst' : stateSorted || stateFiltered ? 'joined' : 'none',
    );
    // Sorted by a state column: the state table's copy of the tenant column lets its (tenant, column) index drive.
    if (stateSorted && def.tenantColumn && state!.copied.includes(def.tenantColumn))
      base = scopeToMandant(base, ctx.user, `${state.table}.${def.tenantColumn}`);
    for (const [key, value] of Object.entries(query.custom)) {
      base = base.where(def.customFilters![key]!(value, ctx));
    }
    // Sorted by a state column, filters on columns the state row copies read the copy, so that an index of the state
    // table leading with them (calculations: mandant, template, total) gives the whole order.
    const columnsOfPage: ListColumns | undefined = listColumns && {
      ...listColumns,
      ref: (column) =>
        stateSorted && state!.copied.includes(column) ? sql.ref(`${state!.table}.${column}`) : columnRef(column),
    };
    const listedOnly = def.listRows?.select && query.paged ? def.listRows.select : undefined;
    const pageColumns = listedOnly
      ? { ref: columnsOfPage?.ref ?? columnRef, tieBreaker: listColumns?.tieBreaker, select: listedOnly }
      : columnsOfPage;
    const { rows, total } = await selectPage(
      whereListed(base, query, def.search ?? searchable.map(columnRef), columnsOfPage),
      query,
      def.countCapped ? ctx.db : undefined,
      def.count?.(query, ctx) ?? undefined,
      pageColumns && withStateOf
        ? { ...pageColumns, late: { id: `${def.table}.id`, rowsOf: withStateOf(ctx) } }
        : pageColumns,
    );
    return {
      total,
      rows: def.listRows && query.paged ? await def.listRows.toRows(rows, ctx) : await toRecords(rows, ctx),
    };
  };

  const updateSchema = {
    ...def.updateSchema,
    properties: {
      ...(def.updateSchema as { properties?: object }).properties,
      version: { type: 'integer', minimum: 1 },
    },
    additionalProperties: false,
  };

  registerListRoute(app, {
    name: def.name,
    access: def.access,
    tags,
    recordSchema: def.listRows?.schema ?? def.recordSchema,
    parse: (params) => parseListQuery(params, columns, searchable, Object.keys(def.customFilters ?? {})),
    page: (request, query) => list(ctxOf(request), query),
  });

  registerRecordRoute(app, {
    name: def.name,
    access: def.access,
    tags,
    recordSchema: def.recordSchema,
    find: (request, id) => findOne(ctxOf(request), id),
  });

  app.post<{ Body: Row }>(
    path,
    {
      onRequest: [app.authenticate, requireAccess('create', def.access)],
      schema: {
        tags,
        summary: `Create a ${def.name} record`,
        body: { ...def.createSchema, additionalProperties: false },
        response: { 201: def.recordSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const record = await inTransaction(request, async (ctx) => {
        const values = await def.beforeCreate(request.body as BodyOf<TCreate>, ctx);
        if (def.tenantColumn && def.tenantColumn !== 'id') {
          values[def.tenantColumn] = mandantForNewRow(ctx.user, values[def.tenantColumn] as number | null | undefined);
        }
        if (versioned) {
          const now = isoNow();
          Object.assign(values, { created_at: now, updated_at: now, version: 1 });
        }
        const [main, stateValues] = splitState(values);
        const inserted = await dynamic(ctx)
          .insertInto(def.table)
          .values(main)
          .returning('id')
          .executeTakeFirstOrThrow();
        if (state) {
          const copies = Object.fromEntries(state.copied.map((column) => [column, values[column]]));
          await dynamic(ctx)
            .insertInto(state.table)
            .values({ ...stateValues, ...copies, [state.key]: Number(inserted.id) })
            .execute();
        }
        const created = await findOne(ctx, Number(inserted.id));
        await def.onChange?.({ operation: 'create', record: created, previous: null }, ctx);
        await protocol(ctx, { operation: 'create', record: created, previous: null });
        return created;
      });
      return reply.status(201).send(record);
    },
  );

  app.put<{ Params: { id: number }; Body: Row }>(
    `${path}/:id`,
    {
      onRequest: [app.authenticate, requireAccess('update', def.access)],
      schema: {
        tags,
        summary: `Update a ${def.name} record (full record with version, or a partial one)`,
        params: idParams,
        body: updateSchema,
        response: { 200: def.recordSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      inTransaction(request, async (ctx) => {
        const id = request.params.id;
        const existing = await findOne(ctx, id);
        const { version, ...body } = request.body;
        const current = (existing as unknown as { version?: number }).version;
        const stale = () => conflict('errors.db.stale');
        if (versioned && version !== undefined && version !== current) throw stale();
        const values = await def.beforeUpdate(body as BodyOf<TUpdate>, existing, ctx);
        if (Object.keys(values).length === 0) return existing;
        const [main, stateValues] = splitState(values);
        const versionedTable = state?.table ?? def.table;
        // The versioned row first: its version check decides, and its row lock orders concurrent writers.
        for (const table of state ? [versionedTable, def.table] : [def.table]) {
          const own = table === def.table ? main : stateValues;
          const key = table === def.table ? 'id' : state!.key;
          const versionedHere = versioned && table === versionedTable;
          if (!versionedHere && Object.keys(own).length === 0) continue;
          let update = dynamic(ctx).updateTable(table).set(own).where(key, '=', id);
          if (versionedHere) {
            update = update
              .set((eb) => ({ updated_at: isoNow(), version: eb(sql.ref('version'), '+', 1) }))
              .where('version', '=', current);
          }
          const scopedBy = table === def.table ? def.tenantColumn : state!.copied.find((c) => c === def.tenantColumn);
          if (scopedBy) update = scopeToMandant(update, ctx.user, scopedBy);
          const result = await update.executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) throw stale();
        }
        const updated = await findOne(ctx, id);
        await def.onChange?.({ operation: 'update', record: updated, previous: existing }, ctx);
        await protocol(ctx, { operation: 'update', record: updated, previous: existing }, Object.keys(values));
        return updated;
      }),
  );

  app.delete<{ Params: { id: number } }>(
    `${path}/:id`,
    {
      onRequest: [app.authenticate, requireAccess('delete', def.access)],
      schema: {
        tags,
        summary: `Delete a ${def.name} record; answers the deleted record`,
        params: idParams,
        response: { 200: def.recordSchema, ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (request) =>
      inTransaction(request, async (ctx) => {
        const id = request.params.id;
        const existing = await findOne(ctx, id);
        await def.beforeDelete?.(existing, ctx);
        let del = dynamic(ctx).deleteFrom(def.table).where('id', '=', id);
        if (def.tenantColumn) del = scopeToMandant(del, ctx.user, def.tenantColumn);
        const result = await del.executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw notFound(msg('errors.noRecord', { resource: def.name, id }));
        await def.onChange?.({ operation: 'delete', record: existing, previous: existing }, ctx);
        await protocol(ctx, { operation: 'delete', record: existing, previous: existing });
        return existing;
      }),
  );
}
