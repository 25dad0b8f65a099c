/**
 * A list's columns: which fields `sort` and `filter` may name, and as what type a filter value is read. Most lists
 * derive them from the API record they list (core/api), so a column and its record property cannot disagree.
 */
import type { TSchema } from 'typebox';
import { NULL_FILTER_VALUES } from '../../core/lists/null-values';
import { ownValue } from './own-key';

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

export const isSortable = (c: ColumnDefinition) => c.sortable ?? c.type !== 'json';
export const isFilterable = (c: ColumnDefinition) => c.filterable ?? c.type !== 'json';
