/**
 * The calculations list: sortable/filterable columns, the `q` search columns, and the `tags`
 * filter (the calculation carries the tag; several tags: all of them), answered from the
 * calculation_tags index (see tags.ts).
 */
import { badRequest } from '../refusals';
import { CalculationRecord } from '../../core/api';
import { recordColumns } from '../http/list-columns';

/** Every column of the record but its JSON (tags, inputs, results): the list sorts and filters by each. */
export const CALCULATION_COLUMNS = recordColumns(CalculationRecord);

export const CALCULATION_SEARCHABLE = ['number', 'title', 'customer'] as const;

/** The `tags` filter's value: one tag or a list of tags (all must be present). */
export function tagFilterValues(value: unknown): string[] {
  const list = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (list.length > 20 || !list.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= 200)) {
    throw badRequest('errors.list.tagsShape', { 'filter.tags': 'errors.list.expectedText' });
  }
  return list as string[];
}
