/**
 * A list query (list-query.ts) answered from records in memory (the template registry), with the SQL engine's
 * semantics (list-sql.ts): the same conditions, `q` as a case-insensitive substring, the id breaking ties.
 */
import type { Condition, ListPage, ListQuery } from './list-query';

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

/** selectPage (list-sql.ts) for records that live in memory (the template registry), with the same semantics. */
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
