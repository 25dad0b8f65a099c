/**
 * The calculations list's count without counting calculation rows (issue #22 item 4), for the filters lists
 * send most; any other filter, `q` or a mix of tags with column filters is counted by the list engine as before.
 * - Equality filters on template type, template and status (one value or a list each): a sum over the table of
 *   counts that triggers keep in every writing transaction (migration 0031), a handful of rows per mandant.
 * - Tags alone: the tag index (tags.ts countTagged).
 */
import type { ListQuery } from '../http/list-query';
import { applyConditions } from '../http/list-sql';
import type { RestContext } from '../http/rest-resource';
import { scopeToMandant } from '../http/tenant-scope';
import { toCount } from '../db/values';
import { tagFilterValues } from './list';
import { countTagged } from './tags';

/** The columns calculation_list_counts is keyed by (besides the mandant). */
const COUNTED_COLUMNS: readonly string[] = ['template_type', 'template_id', 'status'];

const counted = (condition: ListQuery['conditions'][number]) =>
  COUNTED_COLUMNS.includes(condition.column) &&
  ((condition.kind === 'eq' && condition.value !== null) || (condition.kind === 'in' && condition.values.length > 0));

export function countCalculations(query: ListQuery, ctx: RestContext): Promise<number> | null {
  const custom = Object.keys(query.custom);
  if (query.search !== null || custom.some((key) => key !== 'tags')) return null;
  const tags = custom.includes('tags') ? tagFilterValues(query.custom.tags) : [];
  if (tags.length > 0) return query.conditions.length === 0 ? countTagged(ctx.db, ctx.user, tags) : null;
  if (!query.conditions.every(counted)) return null;
  const counts = applyConditions(
    scopeToMandant(ctx.db.selectFrom('calculation_list_counts'), ctx.user, 'mandant_id'),
    query.conditions,
  );
  return counts
    .select((eb) => eb.fn.sum<number | string | null>('calculations').as('total'))
    .executeTakeFirst()
    .then((row) => toCount(row?.total));
}
