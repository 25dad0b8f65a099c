/**
 * The one list engine of the ra-data-simple-rest dialect, used by every list endpoint:
 * `sort=["field","ASC"]`, `range=[0,24]`, `filter={"q":"x","id":[1,2],"field":v,"field_gte":v}`.
 *
 *   parseListQuery     the parameters, checked; anything malformed becomes a 400 naming the parameter
 *   whereListed        filter operators and `q` on a SQL query (arrayPage: the same on records in memory)
 *   selectPage         count → sort (id breaks ties) → range
 *   registerListRoute  the GET route: querystring schema, errors, `Content-Range`
 */
import type { TSchema } from 'typebox';
import { Type } from '../../core/api/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import type { Resource } from '../../core/access/policy';
import { requireAccess } from './request-user';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { LIST_COUNT_CAP } from '../../core/lists/count-cap';
import { NULL_FILTER_VALUES } from '../../core/lists/null-values';
import { toCount } from '../db/values';
import { badRequest, errorAnswers } from './errors';
import { parseQueryJson } from './json-limits';
import { containsNul } from './nul-guard';
import { ownValue, setOwnValue } from './own-key';
import { idParams, MAX_INT32 } from './record-id';
import { typed } from './typed-routes';

export type ColumnType = 'integer' | 'number' | 'text' | 'boolean' | 'timestamp' | 'json';

export interface ColumnDefinition {
  type: ColumnType;
  /** May appear in `sort` (default: every non-json column). */
  sortable?: boolean;
  /** May appear in `filter` (default: every non-json column). */
  filterable?: boolean;
  /** A filter value that stands for an empty cell (core/lists/null-values.ts): `channel: "back-office"` → IS NULL. */
  nullValue?: string;
}

const COLUMN_TYPES: Record<string, ColumnType> = {
  integer: 'integer',
  number: 'number',
  string: 'text',
  boolean: 'boolean',
  object: 'json',
};

/** The column type of one property: its one JSON type (nullable ones too); the `at`/`…_at` strings as timestamps. */
function columnType(name: string, property: { type?: string | string[] } | undefined): ColumnType | undefined {
  const types = [property?.type ?? []].flat().filter((type) => type !== 'null');
  const type = types.length === 1 ? COLUMN_TYPES[types[0]!] : undefined;
  return type === 'text' && /(^|_)at$/.test(name) ? 'timestamp' : type;
}

/**
 * A list's columns from the API record it lists (core/api), typed by its schema. Without `only` every scalar property
 * the table has: all but `omit` (totals and ids added after the query). `only` names the columns instead, JSON objects
 * among them. `narrowed` limits a column's use. A nullable text column named in NULL_FILTER_VALUES takes its word for
 * an empty cell.
 */
export function recordColumns(
  record: TSchema,
  {
    only,
    omit = [],
    narrowed = {},
  }: {
    only?: readonly string[];
    omit?: readonly string[];
    narrowed?: Record<string, Omit<ColumnDefinition, 'type'>>;
  } = {},
): Record<string, ColumnDefinition> {
  const properties = (record as { properties: Record<string, { type?: string | string[] }> }).properties;
  const columns: Record<string, ColumnDefinition> = {};
  for (const name of only ?? Object.keys(properties)) {
    const type = columnType(name, properties[name]);
    if (!type || omit.includes(name) || (type === 'json' && !only)) continue;
    const nullable = [properties[name]?.type ?? []].flat().includes('null');
    const nullValue = type === 'text' && nullable ? ownValue(NULL_FILTER_VALUES, name) : undefined;
    columns[name] = { type, ...(nullValue === undefined ? {} : { nullValue }), ...narrowed[name] };
  }
  return columns;
}

export interface ListQuery {
  sort: { field: string; order: 'asc' | 'desc' };
  range: { start: number; end: number };
  /** A page was asked for (`range` given); without one the records are read whole (react-admin's getMany asks so). */
  paged: boolean;
  conditions: Condition[];
  search: string | null;
  /** Values of the resource's custom filter keys, checked by the resource itself. */
  custom: Record<string, unknown>;
}

export type Condition =
  | { kind: 'eq'; column: string; value: string | number | boolean | null }
  /** `orNull`: the list named the column's word for an empty cell among the values. */
  | { kind: 'in'; column: string; values: (string | number | boolean)[]; orNull?: boolean }
  | { kind: 'gte' | 'lte'; column: string; value: string | number };

/** Largest page one request may ask for; also the page size when no range is given (getMany). */
export const MAX_PAGE_SIZE = 1000;

function parseJsonParam(name: string, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  const json = parseQueryJson(name, raw);
  if (!json.ok) throw badRequest(msg('errors.list.parameterNotJson', { name }), { [name]: 'errors.list.notJson' });
  const parsed = json.value;
  if (containsNul(parsed)) throw badRequest('errors.request.nulText', { [name]: 'errors.request.nulField' });
  return parsed;
}

const isSortable = (c: ColumnDefinition) => c.sortable ?? c.type !== 'json';
const isFilterable = (c: ColumnDefinition) => c.filterable ?? c.type !== 'json';

function coerce(column: string, def: ColumnDefinition, value: unknown): string | number | boolean {
  const fail = () =>
    badRequest(msg('errors.list.invalidFilterValue', { field: column }), {
      [`filter.${column}`]: msg('errors.list.expectedType', { type: def.type }),
    });
  switch (def.type) {
    case 'integer':
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw fail();
      // Stay inside a 32-bit integer column, which PostgreSQL would otherwise reject with an error.
      if (def.type === 'integer' && (!Number.isInteger(n) || Math.abs(n) > MAX_INT32)) throw fail();
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw fail();
    case 'text':
    case 'timestamp':
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value);
      throw fail();
    default:
      throw fail();
  }
}

export function parseListQuery(
  params: { sort?: string; range?: string; filter?: string },
  columns: Record<string, ColumnDefinition>,
  searchable: readonly string[],
  customKeys: readonly string[] = [],
): ListQuery {
  const sortRaw = parseJsonParam('sort', params.sort);
  let sort: ListQuery['sort'] = { field: 'id', order: 'asc' };
  if (sortRaw !== undefined) {
    if (
      !Array.isArray(sortRaw) ||
      sortRaw.length !== 2 ||
      typeof sortRaw[0] !== 'string' ||
      typeof sortRaw[1] !== 'string'
    ) {
      throw badRequest('errors.list.sortShape', { sort: 'errors.list.expectedSort' });
    }
    const [field, order] = sortRaw as [string, string];
    const def = ownValue(columns, field);
    if (!def || !isSortable(def))
      throw badRequest(msg('errors.list.cannotSort', { field }), {
        sort: msg('errors.list.unknownSortField', { field }),
      });
    const lower = order.toLowerCase();
    if (lower !== 'asc' && lower !== 'desc')
      throw badRequest('errors.list.sortOrder', { sort: 'errors.list.expectedOrder' });
    sort = { field, order: lower };
  }

  const rangeRaw = parseJsonParam('range', params.range);
  let range = { start: 0, end: MAX_PAGE_SIZE - 1 };
  if (rangeRaw !== undefined) {
    const valid =
      Array.isArray(rangeRaw) &&
      rangeRaw.length === 2 &&
      rangeRaw.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) &&
      (rangeRaw[0] as number) <= (rangeRaw[1] as number);
    if (!valid) throw badRequest('errors.list.rangeShape', { range: 'errors.list.expectedRange' });
    const [start, end] = rangeRaw as [number, number];
    if (end - start + 1 > MAX_PAGE_SIZE) {
      throw badRequest(msg('errors.list.pageTooLarge', { max: MAX_PAGE_SIZE }), {
        range: msg('errors.list.pageTooLargeField', { max: MAX_PAGE_SIZE }),
      });
    }
    range = { start, end };
  }

  const filterRaw = parseJsonParam('filter', params.filter);
  const conditions: Condition[] = [];
  let search: string | null = null;
  const custom: Record<string, unknown> = {};
  if (filterRaw !== undefined && filterRaw !== null) {
    if (typeof filterRaw !== 'object' || Array.isArray(filterRaw)) {
      throw badRequest('errors.list.filterShape', { filter: 'errors.list.expectedObject' });
    }
    for (const [key, value] of Object.entries(filterRaw as Record<string, unknown>)) {
      if (value === undefined) continue;
      if (key === 'q') {
        if (typeof value !== 'string')
          throw badRequest('errors.list.qString', { 'filter.q': 'errors.list.expectedText' });
        if (searchable.length === 0) throw badRequest('errors.list.noSearch', { 'filter.q': 'errors.notSupported' });
        search = value.trim() === '' ? null : value.trim();
        continue;
      }
      if (customKeys.includes(key)) {
        setOwnValue(custom, key, value);
        continue;
      }
      const bound = /^(.+)_(gte|lte)$/.exec(key);
      const ranged = bound !== null && ownValue(columns, key) === undefined;
      const column = ranged && bound ? bound[1]! : key;
      const def = ownValue(columns, column);
      if (!def || !isFilterable(def))
        throw badRequest(msg('errors.list.cannotFilter', { field: key }), {
          [`filter.${key}`]: 'errors.list.unknownFilterField',
        });
      if (ranged && bound) {
        if (def.type === 'boolean')
          throw badRequest(msg('errors.list.cannotCompareRange', { field: column }), {
            [`filter.${key}`]: 'errors.notSupported',
          });
        conditions.push({
          kind: bound[2] as 'gte' | 'lte',
          column,
          value: coerce(column, def, value) as string | number,
        });
      } else if (Array.isArray(value)) {
        if (value.length > MAX_PAGE_SIZE)
          throw badRequest(msg('errors.list.tooManyFilterValues', { max: MAX_PAGE_SIZE }), {
            [`filter.${key}`]: 'errors.list.tooManyValues',
          });
        const values = value.map((v) => coerce(column, def, v));
        const orNull = def.nullValue !== undefined && values.includes(def.nullValue);
        conditions.push(
          orNull
            ? { kind: 'in', column, values: values.filter((v) => v !== def.nullValue), orNull }
            : { kind: 'in', column, values },
        );
      } else if (value === null || (def.nullValue !== undefined && value === def.nullValue)) {
        conditions.push({ kind: 'eq', column, value: null });
      } else {
        conditions.push({ kind: 'eq', column, value: coerce(column, def, value) });
      }
    }
  }
  return { sort, range, paged: rangeRaw !== undefined, conditions, search, custom };
}

/** `users 0-24/319`; `users *\/0` (star, slash, total) when the page is empty; `calculations 0-24/*` past the count cap. */
export function contentRange(resource: string, start: number, count: number, total: number | null): string {
  const length = total === null ? '*' : String(total);
  return count === 0 ? `${resource} */${length}` : `${resource} ${start}-${start + count - 1}/${length}`;
}

/** `%text%` for `like … escape '\'`, lower-cased, with the text's own wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** True where any of the text expressions contains the search text, in any case. */
export function searchCondition(search: string, expressions: readonly Expression<unknown>[]) {
  const pattern = likePattern(search);
  return sql<SqlBool>`(${sql.join(
    expressions.map((e) => sql`lower(${e}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- builders over tables chosen at run time
export type AnyQuery = any;

/**
 * How a list's SQL addresses its columns: by their names (one table), or qualified where the list reads two tables
 * joined 1:1 (rest-resource.ts `state`), where `select` also names the columns of a row.
 */
export interface ListColumns {
  ref(column: string): Expression<unknown>;
  select(query: AnyQuery): AnyQuery;
  /** The id that breaks ties of a sort by `field`: the sorted table's own key, so its index gives the whole order. */
  tieBreaker?(field: string): Expression<unknown>;
  /**
   * Late row lookup, for rows that are wide or live in two tables: the filter and sort choose the page's ids reading
   * only what they need (`id`: a row's id in the filtered query), and `rowsOf` reads the page's rows for the subquery
   * `page` of those ids. A text search that matches 2,000 calculations then sorts 2,000 ids, not 2,000 whole records.
   */
  late?: { id: string; rowsOf(page: AnyQuery): AnyQuery };
}

const PLAIN_COLUMNS: ListColumns = { ref: (column) => sql.ref(column), select: (query) => query.selectAll() };

export function applyConditions<QB>(
  query: QB,
  conditions: readonly Condition[],
  columns: ListColumns = PLAIN_COLUMNS,
): QB {
  let q: AnyQuery = query;
  for (const c of conditions) {
    const ref = columns.ref(c.column);
    if (c.kind === 'in' && c.orNull)
      q = q.where((eb: AnyQuery) =>
        c.values.length === 0 ? eb(ref, 'is', null) : eb.or([eb(ref, 'is', null), eb(ref, 'in', c.values)]),
      );
    else if (c.kind === 'in') q = c.values.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where(ref, 'in', c.values);
    else if (c.kind === 'eq') q = c.value === null ? q.where(ref, 'is', null) : q.where(ref, '=', c.value);
    else q = q.where(ref, c.kind === 'gte' ? '>=' : '<=', c.value);
  }
  return q as QB;
}

/** What `q` searches: text expressions (any may contain it), or a resource's own indexed condition. */
export type Searched = readonly Expression<unknown>[] | ((text: string) => Expression<SqlBool>);

/** The query narrowed to the list's conditions and `q` (over `searched`). */
export function whereListed<QB>(
  query: QB,
  list: Pick<ListQuery, 'conditions' | 'search'>,
  searched: Searched,
  columns?: ListColumns,
): QB {
  const q: AnyQuery = applyConditions(query, list.conditions, columns);
  if (list.search === null) return q as QB;
  if (typeof searched === 'function') return q.where(searched(list.search)) as QB;
  return (searched.length > 0 ? q.where(searchCondition(list.search, searched)) : q) as QB;
}

/** All columns in the requested order; the id breaks ties, so pages never overlap or skip a row. */
export function sortedRows<QB extends { selectAll(): unknown }>(
  query: QB,
  sort: ListQuery['sort'],
  columns: ListColumns = PLAIN_COLUMNS,
): ReturnType<QB['selectAll']> {
  const page = columns.select(query).orderBy(columns.ref(sort.field), sort.order);
  return sort.field === 'id' ? page : page.orderBy(columns.tieBreaker?.(sort.field) ?? columns.ref('id'), sort.order);
}

/** One page of a list and the number of records its filters match (null: more than LIST_COUNT_CAP). */
export interface ListPage<T> {
  rows: T[];
  total: number | null;
}

/** The rows of `filtered`, counted on `db` up to LIST_COUNT_CAP + 1 (beyond that the number does not matter). */
export async function cappedCount(db: Kysely<AnyQuery>, filtered: AnyQuery): Promise<number> {
  const counted: { total?: unknown } | undefined = await (db as AnyQuery)
    .selectFrom(
      filtered
        .select(sql.lit(1).as('one'))
        .limit(LIST_COUNT_CAP + 1)
        .as('capped'),
    )
    .select((eb: AnyQuery) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  return toCount(counted?.total);
}

/**
 * Counts the filtered query, then reads the requested range of it, sorted. With `cappedOn` (the
 * connection to count on), the count stops at LIST_COUNT_CAP + 1 rows: a list past the cap gets
 * `null` unless its page is the last one, whose end is the exact total. `counted`: the count as
 * something cheaper than the rows knows it (a resource's table of counts), instead of counting.
 */
export async function selectPage<TRow = Record<string, unknown>>(
  filtered: AnyQuery,
  query: ListQuery,
  cappedOn?: Kysely<AnyQuery>,
  counted?: Promise<number>,
  columns?: ListColumns,
): Promise<ListPage<TRow>> {
  const total = counted
    ? await counted
    : cappedOn
      ? await cappedCount(cappedOn, filtered)
      : toCount((await filtered.select((eb: AnyQuery) => eb.fn.countAll().as('total')).executeTakeFirst())?.total);
  const wanted = query.range.end - query.range.start + 1;
  const late = columns?.late;
  const rows: TRow[] = late
    ? await sortedRows(
        late.rowsOf(
          sortedRows(filtered, query.sort, { ...columns, select: (ids) => ids.select(late.id) })
            .limit(wanted)
            .offset(query.range.start)
            .as('page'),
        ),
        query.sort,
        columns,
      ).execute()
    : await sortedRows(filtered, query.sort, columns).limit(wanted).offset(query.range.start).execute();
  if (total <= LIST_COUNT_CAP) return { rows, total };
  return {
    rows,
    total:
      rows.length < wanted && (rows.length > 0 || query.range.start === 0) ? query.range.start + rows.length : null,
  };
}

type Comparable = string | number | boolean | null;

function matches(record: object, condition: Condition): boolean {
  const value = (record as Record<string, Comparable>)[condition.column];
  switch (condition.kind) {
    case 'eq':
      return value === condition.value;
    case 'in':
      return (
        (condition.orNull === true && value === null) || condition.values.includes(value as string | number | boolean)
      );
    case 'gte':
      return value !== null && value >= condition.value;
    case 'lte':
      return value !== null && value <= condition.value;
  }
}

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

/** selectPage for records that live in memory (the template registry), with the same semantics. */
export function arrayPage<T extends { id: string | number }>(
  records: readonly T[],
  query: ListQuery,
  searched: readonly (keyof T & string)[],
): ListPage<T> {
  let found = records.filter((record) => query.conditions.every((condition) => matches(record, condition)));
  if (query.search !== null) {
    const needle = query.search.toLowerCase();
    found = found.filter((record) => searched.some((column) => String(record[column]).toLowerCase().includes(needle)));
  }
  const { field, order } = query.sort;
  const sign = order === 'asc' ? 1 : -1;
  const key = (record: T) => (record as unknown as Record<string, Comparable>)[field] ?? null;
  found.sort((a, b) => sign * (compare(key(a), key(b)) || compare(a.id, b.id)));
  return { rows: found.slice(query.range.start, query.range.end + 1), total: found.length };
}

export interface ListParams {
  sort?: string;
  range?: string;
  filter?: string;
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
  app.get<{ Querystring: ListParams }>(
    `/api/${route.name}`,
    {
      onRequest: [app.authenticate, requireAccess('list', route.access)],
      schema: {
        tags: route.tags ?? [route.name],
        summary: route.summary ?? `List ${route.name} (sort, range, filter as in ra-data-simple-rest)`,
        querystring: listQuerystring(route.describe),
        response: { 200: { type: 'array', items: route.recordSchema }, ...errorAnswers(400, 401, 403) },
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
      onRequest: [app.authenticate, requireAccess('read', route.access)],
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
