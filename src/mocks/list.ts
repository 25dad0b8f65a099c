/**
 * The list dialect of the server's list engine (src/server/http/list-query.ts) over records in memory:
 * `sort=["field","ASC"]`, `range=[0,24]`, `filter={"q":"x","id":[1,2],"field":v,"field_gte":v,"field_lte":v}` and the
 * `Content-Range` answer. The server's engine speaks SQL through Kysely and cannot run in a browser; the semantics are
 * the same (the UI suite and the contract test exercise both ends).
 */
import { LIST_COUNT_CAP } from '../core/lists/count-cap';
import { NULL_FILTER_VALUES } from '../core/lists/null-values';

type Row = Record<string, unknown>;

export interface ListQuery {
  sort: { field: string; order: 1 | -1 };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

/** Same as the server's list engine: the page size it refuses beyond. */
const MAX_PAGE_SIZE = 1000;

export function parseListQuery(params: URLSearchParams): ListQuery | { invalid: string } {
  const json = (name: string): unknown => {
    const raw = params.get(name);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      return Symbol.for('invalid');
    }
  };
  const sort = json('sort');
  const range = json('range');
  const filter = json('filter');
  const query: ListQuery = { sort: { field: 'id', order: 1 }, range: { start: 0, end: MAX_PAGE_SIZE - 1 }, filter: {} };
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string') return { invalid: 'sort' };
    query.sort = { field: sort[0], order: String(sort[1]).toUpperCase() === 'DESC' ? -1 : 1 };
  }
  if (range !== undefined) {
    if (!Array.isArray(range) || !range.every((n) => Number.isSafeInteger(n) && n >= 0) || range[1] < range[0])
      return { invalid: 'range' };
    if (range[1] - range[0] + 1 > MAX_PAGE_SIZE) return { invalid: 'range' };
    query.range = { start: range[0], end: range[1] };
  }
  if (filter !== undefined) {
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return { invalid: 'filter' };
    query.filter = filter as Record<string, unknown>;
  }
  return query;
}

const comparable = (value: unknown): string | number =>
  typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : String(value ?? '');

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  const x = comparable(a);
  const y = comparable(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function matches(row: Row, key: string, wanted: unknown): boolean {
  if (key === 'q') {
    const needle = String(wanted).toLowerCase();
    return Object.values(row).some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
  }
  const bound = /^(.+)_(gte|lte|gt|lt|neq)$/.exec(key);
  if (bound && !(key in row)) {
    const value = row[bound[1]!];
    const order = compare(value, wanted);
    if (bound[2] === 'neq') return value !== wanted;
    if (value === null || value === undefined) return false;
    return { gte: order >= 0, lte: order <= 0, gt: order > 0, lt: order < 0 }[bound[2] as 'gte' | 'lte' | 'gt' | 'lt'];
  }
  const value = row[key];
  // The column's word for an empty cell (`channel: "back-office"`: no channel), alone or among the values.
  const nullValue = Object.hasOwn(NULL_FILTER_VALUES, key) ? NULL_FILTER_VALUES[key] : undefined;
  if (nullValue !== undefined && (value === null || value === undefined))
    return Array.isArray(wanted) ? wanted.includes(nullValue) : wanted === nullValue;
  // A tag filter asks whether the record's array contains the value.
  if (Array.isArray(value))
    return Array.isArray(wanted) ? wanted.some((w) => value.includes(w)) : value.includes(wanted);
  if (Array.isArray(wanted)) return wanted.some((w) => String(w) === String(value));
  return String(value) === String(wanted);
}

/** The page and its `Content-Range`, counted exactly up to the server's count cap (beyond it: `…/*`). */
export function listPage(
  resource: string,
  rows: readonly Row[],
  query: ListQuery,
): { page: Row[]; contentRange: string } {
  const found = rows.filter((row) => Object.entries(query.filter).every(([key, wanted]) => matches(row, key, wanted)));
  const { field, order } = query.sort;
  found.sort((a, b) => order * (compare(a[field], b[field]) || compare(a.id, b.id)));
  const page = found.slice(query.range.start, query.range.end + 1);
  const total = found.length > LIST_COUNT_CAP ? '*' : String(found.length);
  const contentRange =
    page.length === 0
      ? `${resource} */${total}`
      : `${resource} ${query.range.start}-${query.range.start + page.length - 1}/${total}`;
  return { page, contentRange };
}
