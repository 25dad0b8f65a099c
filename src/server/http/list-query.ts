/**
 * Parsing and validation of the ra-data-simple-rest list parameters:
 * `sort=["field","ASC"]`, `range=[0,24]`, `filter={"q":"x","id":[1,2],"field":v,"field_gte":v}`.
 * Anything malformed becomes a 400 naming the parameter.
 */
import { badRequest } from './errors';
import { parseQueryJson } from './json-limits';
import { containsNul } from './nul-guard';
import { ownValue, setOwnValue } from './own-key';

export type ColumnType = 'integer' | 'number' | 'text' | 'boolean' | 'timestamp' | 'json';

export interface ColumnDefinition {
  type: ColumnType;
  /** May appear in `sort` (default: every non-json column). */
  sortable?: boolean;
  /** May appear in `filter` (default: every non-json column). */
  filterable?: boolean;
}

export interface ListQuery {
  sort: { field: string; order: 'asc' | 'desc' };
  range: { start: number; end: number };
  conditions: Condition[];
  search: string | null;
  /** Values of the resource's custom filter keys, checked by the resource itself. */
  custom: Record<string, unknown>;
}

export type Condition =
  | { kind: 'eq'; column: string; value: string | number | boolean | null }
  | { kind: 'in'; column: string; values: (string | number | boolean)[] }
  | { kind: 'gte' | 'lte'; column: string; value: string | number };

export const MAX_INT32 = 2_147_483_647;

/** Largest page one request may ask for; also the page size when no range is given (getMany). */
export const MAX_PAGE_SIZE = 1000;

function parseJsonParam(name: string, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  const json = parseQueryJson(name, raw);
  if (!json.ok) throw badRequest(`The "${name}" parameter is not valid JSON.`, { [name]: 'Not valid JSON.' });
  const parsed = json.value;
  if (containsNul(parsed)) throw badRequest('Text must not contain NUL characters (U+0000).', { [name]: 'Contains U+0000.' });
  return parsed;
}

const isSortable = (c: ColumnDefinition) => c.sortable ?? c.type !== 'json';
const isFilterable = (c: ColumnDefinition) => c.filterable ?? c.type !== 'json';

function coerce(column: string, def: ColumnDefinition, value: unknown): string | number | boolean {
  const fail = () => badRequest(`The filter value for "${column}" is not valid.`, { [`filter.${column}`]: `Expected ${def.type}.` });
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
    if (!Array.isArray(sortRaw) || sortRaw.length !== 2 || typeof sortRaw[0] !== 'string' || typeof sortRaw[1] !== 'string') {
      throw badRequest('The "sort" parameter must look like ["field","ASC"].', { sort: 'Expected ["field","ASC"].' });
    }
    const [field, order] = sortRaw as [string, string];
    const def = ownValue(columns, field);
    if (!def || !isSortable(def)) throw badRequest(`Cannot sort by "${field}".`, { sort: `Unknown sort field "${field}".` });
    const lower = order.toLowerCase();
    if (lower !== 'asc' && lower !== 'desc') throw badRequest('The sort order must be ASC or DESC.', { sort: 'Expected ASC or DESC.' });
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
    if (!valid) throw badRequest('The "range" parameter must look like [0,24] with 0 ≤ start ≤ end.', { range: 'Expected [start,end].' });
    const [start, end] = rangeRaw as [number, number];
    if (end - start + 1 > MAX_PAGE_SIZE) {
      throw badRequest(`At most ${MAX_PAGE_SIZE} records per request.`, { range: `At most ${MAX_PAGE_SIZE} records.` });
    }
    range = { start, end };
  }

  const filterRaw = parseJsonParam('filter', params.filter);
  const conditions: Condition[] = [];
  let search: string | null = null;
  const custom: Record<string, unknown> = {};
  if (filterRaw !== undefined && filterRaw !== null) {
    if (typeof filterRaw !== 'object' || Array.isArray(filterRaw)) {
      throw badRequest('The "filter" parameter must be a JSON object.', { filter: 'Expected an object.' });
    }
    for (const [key, value] of Object.entries(filterRaw as Record<string, unknown>)) {
      if (value === undefined) continue;
      if (key === 'q') {
        if (typeof value !== 'string') throw badRequest('The "q" filter must be a string.', { 'filter.q': 'Expected text.' });
        if (searchable.length === 0) throw badRequest('This resource has no full-text search.', { 'filter.q': 'Not supported.' });
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
      if (!def || !isFilterable(def)) throw badRequest(`Cannot filter by "${key}".`, { [`filter.${key}`]: 'Unknown filter field.' });
      if (ranged && bound) {
        if (def.type === 'boolean') throw badRequest(`Cannot compare "${column}" by range.`, { [`filter.${key}`]: 'Not supported.' });
        conditions.push({ kind: bound[2] as 'gte' | 'lte', column, value: coerce(column, def, value) as string | number });
      } else if (Array.isArray(value)) {
        if (value.length > MAX_PAGE_SIZE) throw badRequest(`At most ${MAX_PAGE_SIZE} values per filter.`, { [`filter.${key}`]: 'Too many values.' });
        conditions.push({ kind: 'in', column, values: value.map((v) => coerce(column, def, v)) });
      } else if (value === null) {
        conditions.push({ kind: 'eq', column, value: null });
      } else {
        conditions.push({ kind: 'eq', column, value: coerce(column, def, value) });
      }
    }
  }
  return { sort, range, conditions, search, custom };
}

/** `users 0-24/319`; `users *\/0` (star, slash, total) when the page is empty. */
export function contentRange(resource: string, start: number, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${start}-${start + count - 1}/${total}`;
}
