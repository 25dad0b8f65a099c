/**
 * The list query of the ra-data-simple-rest dialect, used by every list endpoint:
 * `sort=["field","ASC"]`, `range=[0,24]`, `filter={"q":"x","id":[1,2],"field":v,"field_gte":v}`, parsed and checked
 * against the list's columns (list-columns.ts); anything malformed becomes a 400 naming the parameter. What answers
 * it: list-sql.ts (a SQL select), list-memory.ts (records in memory), list-route.ts (the GET routes).
 */
import { msg } from '../../core/i18n/error-keys';
import { badRequest } from './errors';
import { parseQueryJson } from './json-limits';
import { containsNul } from './nul-guard';
import { ownValue, setOwnValue } from './own-key';
import { MAX_INT32 } from './record-id';
import { isFilterable, isSortable, type ColumnDefinition } from './list-columns';

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

/** One page of a list and the number of records its filters match (null: more than LIST_COUNT_CAP). */
export interface ListPage<T> {
  rows: T[];
  total: number | null;
}

export interface ListParams {
  sort?: string;
  range?: string;
  filter?: string;
}

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

function parseSort(raw: unknown, columns: Record<string, ColumnDefinition>): ListQuery['sort'] {
  if (raw === undefined) return { field: 'id', order: 'asc' };
  if (!Array.isArray(raw) || raw.length !== 2 || typeof raw[0] !== 'string' || typeof raw[1] !== 'string') {
    throw badRequest('errors.list.sortShape', { sort: 'errors.list.expectedSort' });
  }
  const [field, order] = raw as [string, string];
  const def = ownValue(columns, field);
  if (!def || !isSortable(def))
    throw badRequest(msg('errors.list.cannotSort', { field }), {
      sort: msg('errors.list.unknownSortField', { field }),
    });
  const lower = order.toLowerCase();
  if (lower !== 'asc' && lower !== 'desc')
    throw badRequest('errors.list.sortOrder', { sort: 'errors.list.expectedOrder' });
  return { field, order: lower };
}

function parseRange(raw: unknown): ListQuery['range'] {
  if (raw === undefined) return { start: 0, end: MAX_PAGE_SIZE - 1 };
  const valid =
    Array.isArray(raw) &&
    raw.length === 2 &&
    raw.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) &&
    (raw[0] as number) <= (raw[1] as number);
  if (!valid) throw badRequest('errors.list.rangeShape', { range: 'errors.list.expectedRange' });
  const [start, end] = raw as [number, number];
  if (end - start + 1 > MAX_PAGE_SIZE) {
    throw badRequest(msg('errors.list.pageTooLarge', { max: MAX_PAGE_SIZE }), {
      range: msg('errors.list.pageTooLargeField', { max: MAX_PAGE_SIZE }),
    });
  }
  return { start, end };
}

/** The condition one filter key (`field`, `field_gte`, `field_lte`) sets on a column of the list. */
function columnCondition(key: string, value: unknown, columns: Record<string, ColumnDefinition>): Condition {
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
    return { kind: bound[2] as 'gte' | 'lte', column, value: coerce(column, def, value) as string | number };
  }
  if (Array.isArray(value)) {
    if (value.length > MAX_PAGE_SIZE)
      throw badRequest(msg('errors.list.tooManyFilterValues', { max: MAX_PAGE_SIZE }), {
        [`filter.${key}`]: 'errors.list.tooManyValues',
      });
    const values = value.map((v) => coerce(column, def, v));
    const orNull = def.nullValue !== undefined && values.includes(def.nullValue);
    return orNull
      ? { kind: 'in', column, values: values.filter((v) => v !== def.nullValue), orNull }
      : { kind: 'in', column, values };
  }
  if (value === null || (def.nullValue !== undefined && value === def.nullValue)) {
    return { kind: 'eq', column, value: null };
  }
  return { kind: 'eq', column, value: coerce(column, def, value) };
}

function parseFilter(
  raw: unknown,
  columns: Record<string, ColumnDefinition>,
  searchable: readonly string[],
  customKeys: readonly string[],
): Pick<ListQuery, 'conditions' | 'search' | 'custom'> {
  const conditions: Condition[] = [];
  let search: string | null = null;
  const custom: Record<string, unknown> = {};
  if (raw === undefined || raw === null) return { conditions, search, custom };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw badRequest('errors.list.filterShape', { filter: 'errors.list.expectedObject' });
  }
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (key === 'q') {
      if (typeof value !== 'string')
        throw badRequest('errors.list.qString', { 'filter.q': 'errors.list.expectedText' });
      if (searchable.length === 0) throw badRequest('errors.list.noSearch', { 'filter.q': 'errors.notSupported' });
      search = value.trim() === '' ? null : value.trim();
    } else if (customKeys.includes(key)) {
      setOwnValue(custom, key, value);
    } else {
      conditions.push(columnCondition(key, value, columns));
    }
  }
  return { conditions, search, custom };
}

export function parseListQuery(
  params: ListParams,
  columns: Record<string, ColumnDefinition>,
  searchable: readonly string[],
  customKeys: readonly string[] = [],
): ListQuery {
  const sort = parseSort(parseJsonParam('sort', params.sort), columns);
  const rangeRaw = parseJsonParam('range', params.range);
  const range = parseRange(rangeRaw);
  const filter = parseFilter(parseJsonParam('filter', params.filter), columns, searchable, customKeys);
  return { sort, range, paged: rangeRaw !== undefined, ...filter };
}
