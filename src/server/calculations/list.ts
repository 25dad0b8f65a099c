/**
 * The calculations list: sortable/filterable columns, the `q` search columns, and the `tags`
 * filter (the calculation carries the tag; several tags: all of them), answered from the
 * calculation_tags index (see tags.ts).
 */
import { badRequest } from '../http/errors';
import type { ColumnDefinition } from '../http/list-query';

export const CALCULATION_COLUMNS: Record<string, ColumnDefinition> = {
  id: { type: 'integer' },
  mandant_id: { type: 'integer' },
  number: { type: 'text' },
  template_id: { type: 'text' },
  template_version: { type: 'integer' },
  template_type: { type: 'text' },
  database_id: { type: 'integer' },
  machine_set_id: { type: 'integer' },
  title: { type: 'text' },
  customer: { type: 'text' },
  status: { type: 'text' },
  total_co2e: { type: 'number' },
  created_by: { type: 'integer' },
  updated_by: { type: 'integer' },
  created_at: { type: 'timestamp' },
  updated_at: { type: 'timestamp' },
  version: { type: 'integer' },
  duplicated_from: { type: 'integer' },
  import_id: { type: 'integer' },
  frozen: { type: 'boolean' },
};

export const CALCULATION_SEARCHABLE = ['number', 'title', 'customer'] as const;

/** The `tags` filter's value: one tag or a list of tags (all must be present). */
export function tagFilterValues(value: unknown): string[] {
  const list = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (list.length > 20 || !list.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= 200)) {
    throw badRequest('errors.list.tagsShape', { 'filter.tags': 'errors.list.expectedText' });
  }
  return list as string[];
}
