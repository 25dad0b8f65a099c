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
 * Rows are read and written through the resource's store (record-store.ts), which scopes every query it builds with
 * `scopeToMandant` (tenant-scope.ts); a created row takes its mandant from `mandantForNewRow`. SQL a resource adds
 * itself (its custom filters, its hooks' queries) scopes with the same module. Every write runs in one transaction
 * with its hooks and its protocol entry.
 */
import type { Static, TSchema } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg, type ErrorText } from '../../core/i18n/error-keys';
import type { Expression, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { tablesByName, type TableName } from '../db/named-table';
import { isoNow } from '../db/values';
import { allowedTo, currentUser } from './request-user';
import type { Resource } from '../../core/access/policy';
import { conflict, errorAnswers, notFound } from './errors';
import type { ColumnDefinition } from './list-columns';
import { recordColumns } from './list-columns';
import { parseListQuery, type ListQuery } from './list-query';
import { registerListRoute, registerRecordRoute } from './list-route';
import { idParams } from './record-id';
import { typed } from './typed-routes';
import { Type } from '../../core/api/schema';
import { mandantForNewRow } from './tenant-scope';
import { tableStore, type Listing, type RecordStore, type RestContext, type Row } from './record-store';
import { recordChange, withOverrides, type ProtocolOverrides } from '../audit/change';

export type { RestContext, Row } from './record-store';

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

/**
 * A body as the TypeBox type provider hands it to a route's handler (Fastify's `UndefinedToUnknown`): `T` itself for
 * every body schema here, which are all objects. Spelled the same way so the hooks take what the handler is given.
 */
type RequestBody<T> = [T] extends [undefined] ? unknown : T;

/** The body a create or update hook is given (an update's without `version`, which the engine checks itself). */
type HookBody<S extends TSchema> = RequestBody<BodyOf<S>>;

/**
 * The POST body: the create schema closed to unknown properties, typed as the hooks read it. The JSON schema is the
 * definition's own; only its TypeScript type is named here, since a spread schema loses the one TypeBox gave it.
 */
function createBody<TCreate extends TSchema>(schema: TCreate) {
  return Type.Unsafe<BodyOf<TCreate>>({ ...schema, additionalProperties: false });
}

/** A PUT body: the update body and the optimistic-locking counter a full record carries. */
type Versioned<T> = T & { version?: number };

/** A PUT body's `version` and the rest, which the update hook is given. */
function splitVersion<T>(body: RequestBody<Versioned<T>>): { version: number | undefined; rest: RequestBody<T> } {
  const { version, ...rest } = body as Versioned<Row>;
  return { version, rest: rest as RequestBody<T> };
}

/** The PUT body's schema: the update schema with `version`, closed. */
function updateBody<TUpdate extends TSchema>(schema: TUpdate) {
  return Type.Unsafe<Versioned<BodyOf<TUpdate>>>({
    ...schema,
    properties: { ...(schema as { properties?: object }).properties, version: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  });
}

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
  const used = await tablesByName(ctx.db).selectFrom(table).select(column).where(column, '=', id).executeTakeFirst();
  if (used) throw conflict(message);
}

/** The bookkeeping `versioned` adds, read from a row for a record (core/api `VersionedFields`). */
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
}

interface RestResourceShape<TRecord extends { id: number }, TCreate extends TSchema, TUpdate extends TSchema> {
  /** URL segment and Content-Range unit, e.g. `users`. */
  name: string;
  table: TableName;
  /** Where the rows live, where that is more than one row of `table` per record (default: tableStore). */
  store?: RecordStore;
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
  /** Lists that grow without bound count exactly only up to LIST_COUNT_CAP (list-sql.ts listTotal). */
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
  beforeCreate(body: HookBody<TCreate>, ctx: RestContext): Promise<Row>;
  /** Validates an update body against the current record and returns the columns to change. */
  beforeUpdate(body: HookBody<TUpdate>, existing: TRecord, ctx: RestContext): Promise<Row>;
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

/** What the route handlers share: the definition with its defaults filled in, its store, and its reads. */
interface Engine<TRecord extends { id: number }, TCreate extends TSchema, TUpdate extends TSchema> {
  def: RestResourceDefinition<TRecord, TCreate, TUpdate>;
  store: RecordStore;
  versioned: boolean;
  path: string;
  tags: string[];
  ctxOf(request: FastifyRequest, conn?: Kysely<DatabaseSchema>): RestContext;
  /** Runs a write and its hooks in one transaction; `ctx.db` is that transaction. */
  inTransaction<T>(request: FastifyRequest, work: (ctx: RestContext) => Promise<T>): Promise<T>;
  findOne(ctx: RestContext, id: number): Promise<TRecord>;
  /**
   * Every write's protocol entry, written through the write's transaction: a failed entry rolls the
   * change back, a failed change leaves no entry. The entry belongs to the record's mandant.
   */
  protocol(ctx: RestContext, change: RecordChange<TRecord>, writtenColumns?: readonly string[]): Promise<void>;
}

function engineOf<TRecord extends { id: number }, TCreate extends TSchema, TUpdate extends TSchema>(
  database: Kysely<DatabaseSchema>,
  def: RestResourceDefinition<TRecord, TCreate, TUpdate>,
): Engine<TRecord, TCreate, TUpdate> {
  const versioned = def.versioned ?? true;
  const store = def.store ?? tableStore(def.table, def.tenantColumn, versioned);
  const ctxOf = (request: FastifyRequest, conn: Kysely<DatabaseSchema> = database): RestContext => ({
    user: currentUser(request),
    db: conn,
    request,
  });
  return {
    def,
    store,
    versioned,
    path: `/api/${def.name}`,
    tags: [def.tag ?? def.name],
    ctxOf,
    inTransaction: (request, work) => database.transaction().execute((trx) => work(ctxOf(request, trx))),
    findOne: async (ctx, id) => {
      const row = await store.find(ctx, id);
      if (!row) throw notFound(msg('errors.noRecord', { resource: def.name, id }));
      return (await toRecords(def, [row], ctx))[0]!;
    },
    protocol: async (ctx, change, writtenColumns) => {
      const tenant = def.tenantColumn ? (change.record as Record<string, unknown>)[def.tenantColumn] : null;
      const entry = {
        action: ({ create: 'created', update: 'updated', delete: 'deleted' } as const)[change.operation],
        resource: def.name,
        record: change.record,
        previous: change.operation === 'update' ? change.previous : null,
        writtenColumns,
        mandantId: typeof tenant === 'number' ? tenant : null,
      };
      await recordChange(
        ctx.db,
        { user: ctx.user, ip: ctx.request.ip },
        withOverrides(entry, def.protocol?.(change, ctx)),
      );
    },
  };
}

function toRecords<TRecord extends { id: number }>(
  def: RecordMapping<TRecord>,
  rows: Row[],
  ctx: RestContext,
): Promise<TRecord[]> {
  return def.toRecords ? def.toRecords(rows, ctx) : Promise.resolve(rows.map((row) => def.toRecord(row, ctx)));
}

/** One list page as the list route answers it: the store's rows as records, or as the lighter list rows. */
async function listPage<TRecord extends { id: number }, TCreate extends TSchema, TUpdate extends TSchema>(
  { def, store }: Engine<TRecord, TCreate, TUpdate>,
  ctx: RestContext,
  query: ListQuery,
) {
  const searchable = def.searchable ?? [];
  const listing: Listing = {
    filters: Object.entries(query.custom).map(([key, value]) => def.customFilters![key]!(value, ctx)),
    searched: (ref) => def.search ?? searchable.map(ref),
    counting: { cappedOn: def.countCapped ? ctx.db : undefined, counted: def.count?.(query, ctx) ?? undefined },
  };
  const { rows, total } = await store.page(ctx, query, listing);
  return {
    total,
    rows: def.listRows && query.paged ? await def.listRows.toRows(rows, ctx) : await toRecords(def, rows, ctx),
  };
}

function registerReadRoutes<TRecord extends { id: number }, TCreate extends TSchema, TUpdate extends TSchema>(
  app: FastifyInstance,
  engine: Engine<TRecord, TCreate, TUpdate>,
): void {
  const { def, tags, ctxOf } = engine;
  const searchable = def.searchable ?? [];
  const columns = def.columns ?? { ...recordColumns(def.recordSchema, { omit: def.unlisted }), ...def.columnTypes };
  registerListRoute(app, {
    name: def.name,
    access: def.access,
    tags,
    recordSchema: def.listRows?.schema ?? def.recordSchema,
    parse: (params) => parseListQuery(params, columns, searchable, Object.keys(def.customFilters ?? {})),
    page: (request, query) => listPage(engine, ctxOf(request), query),
  });
  registerRecordRoute(app, {
    name: def.name,
    access: def.access,
    tags,
    recordSchema: def.recordSchema,
    find: (request, id) => engine.findOne(ctxOf(request), id),
  });
}

function registerCreateRoute<TRecord extends { id: number }, TCreate extends TSchema, TUpdate extends TSchema>(
  app: FastifyInstance,
  { def, store, versioned, path, tags, inTransaction, findOne, protocol }: Engine<TRecord, TCreate, TUpdate>,
): void {
  typed(app).post(
    path,
    {
      ...allowedTo(app, 'create', def.access),
      schema: {
        tags,
        summary: `Create a ${def.name} record`,
        body: createBody(def.createSchema),
        response: { 201: def.recordSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const record = await inTransaction(request, async (ctx) => {
        const values = await def.beforeCreate(request.body, ctx);
        if (def.tenantColumn && def.tenantColumn !== 'id') {
          values[def.tenantColumn] = mandantForNewRow(ctx.user, values[def.tenantColumn] as number | null | undefined);
        }
        if (versioned) {
          const now = isoNow();
          Object.assign(values, { created_at: now, updated_at: now, version: 1 });
        }
        const created = await findOne(ctx, await store.insert(ctx, values));
        await def.onChange?.({ operation: 'create', record: created, previous: null }, ctx);
        await protocol(ctx, { operation: 'create', record: created, previous: null });
        return created;
      });
      return reply.status(201).send(record);
    },
  );
}

function registerUpdateRoute<TRecord extends { id: number }, TCreate extends TSchema, TUpdate extends TSchema>(
  app: FastifyInstance,
  { def, store, versioned, path, tags, inTransaction, findOne, protocol }: Engine<TRecord, TCreate, TUpdate>,
): void {
  typed(app).put(
    `${path}/:id`,
    {
      ...allowedTo(app, 'update', def.access),
      schema: {
        tags,
        summary: `Update a ${def.name} record (full record with version, or a partial one)`,
        params: idParams,
        body: updateBody(def.updateSchema),
        response: { 200: def.recordSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      inTransaction(request, async (ctx) => {
        const id = request.params.id;
        const existing = await findOne(ctx, id);
        const { version, rest: body } = splitVersion<BodyOf<TUpdate>>(request.body);
        const current = (existing as unknown as { version?: number }).version;
        if (versioned && version !== undefined && version !== current) throw conflict('errors.db.stale');
        const values = await def.beforeUpdate(body, existing, ctx);
        if (Object.keys(values).length === 0) return existing;
        if (!(await store.update(ctx, id, values, current))) throw conflict('errors.db.stale');
        const updated = await findOne(ctx, id);
        await def.onChange?.({ operation: 'update', record: updated, previous: existing }, ctx);
        await protocol(ctx, { operation: 'update', record: updated, previous: existing }, Object.keys(values));
        return updated;
      }),
  );
}

function registerDeleteRoute<TRecord extends { id: number }, TCreate extends TSchema, TUpdate extends TSchema>(
  app: FastifyInstance,
  { def, store, path, tags, inTransaction, findOne, protocol }: Engine<TRecord, TCreate, TUpdate>,
): void {
  typed(app).delete(
    `${path}/:id`,
    {
      ...allowedTo(app, 'delete', def.access),
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
        if (!(await store.delete(ctx, id))) throw notFound(msg('errors.noRecord', { resource: def.name, id }));
        await def.onChange?.({ operation: 'delete', record: existing, previous: existing }, ctx);
        await protocol(ctx, { operation: 'delete', record: existing, previous: existing });
        return existing;
      }),
  );
}

export function registerRestResource<
  TRecord extends { id: number },
  TCreate extends TSchema = TSchema,
  TUpdate extends TSchema = TSchema,
>(
  app: FastifyInstance,
  database: Kysely<DatabaseSchema>,
  def: RestResourceDefinition<TRecord, TCreate, TUpdate>,
): void {
  const engine = engineOf(database, def);
  registerReadRoutes(app, engine);
  registerCreateRoute(app, engine);
  registerUpdateRoute(app, engine);
  registerDeleteRoute(app, engine);
}
