/**
 * A list query (list-query.ts) answered by SQL, on a Kysely select the caller builds over its own tables:
 *
 *   whereListed   the filter's conditions and `q`
 *   sortedRows    the requested order; the id breaks ties, so pages never overlap or skip a row
 *   listTotal     the count (up to LIST_COUNT_CAP + 1 where a list grows without bound)
 *   selectPage    count → sort → range
 *
 * Every function is generic over the select it gets, so a caller's rows keep their types.
 */
import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { LIST_COUNT_CAP } from '../../core/lists/count-cap';
import { toCount } from '../db/values';
import type { DatabaseSchema } from '../db/schema';
import type { Condition, ListPage, ListQuery } from './list-query';
import type { Narrowable } from './tenant-scope';

/**
 * A column a request names: the one way the list engine refers to a column, as Kysely's typed references cannot
 * name a column chosen at run time. parseListQuery admits only the list's declared columns, so no other name gets here.
 */
export function columnRef(column: string): Expression<unknown> {
  return sql.ref(column);
}

/**
 * How a list's SQL addresses its columns: by their names (one table), or qualified where the list reads two tables
 * (calculations/store.ts); `select` names the columns of a row.
 */
export interface ListColumns<DB, TB extends keyof DB, O, R> {
  ref(column: string): Expression<unknown>;
  select(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, R>;
  /** The id that breaks ties of a sort by `field`: the sorted table's own key, so its index gives the whole order. */
  tieBreaker?(field: string): Expression<unknown>;
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

/** A list condition as SQL on the column `ref` names. */
function conditionSql(c: Condition, ref: Expression<unknown>): Expression<SqlBool> {
  if (c.kind === 'in') {
    const listed = c.values.length === 0 ? null : sql<SqlBool>`${ref} in (${sql.join(c.values)})`;
    if (c.orNull) return listed ? sql<SqlBool>`(${ref} is null or ${listed})` : sql<SqlBool>`${ref} is null`;
    return listed ?? sql<SqlBool>`1 = 0`;
  }
  if (c.kind === 'eq') return c.value === null ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} = ${c.value}`;
  return c.kind === 'gte' ? sql<SqlBool>`${ref} >= ${c.value}` : sql<SqlBool>`${ref} <= ${c.value}`;
}

/** The query narrowed to the conditions, each on the column `ref` names (default: its plain name). */
export function applyConditions<QB extends Narrowable<QB>>(
  query: QB,
  conditions: readonly Condition[],
  ref: (column: string) => Expression<unknown> = columnRef,
): QB {
  let q = query;
  for (const c of conditions) q = q.where(conditionSql(c, ref(c.column)));
  return q;
}

/** What `q` searches: text expressions (any may contain it), or a resource's own indexed condition. */
export type Searched = readonly Expression<unknown>[] | ((text: string) => Expression<SqlBool>);

/** The query narrowed to the list's conditions and `q` (over `searched`). */
export function whereListed<QB extends Narrowable<QB>>(
  query: QB,
  list: Pick<ListQuery, 'conditions' | 'search'>,
  searched: Searched,
  ref?: (column: string) => Expression<unknown>,
): QB {
  const q = applyConditions(query, list.conditions, ref);
  if (list.search === null) return q;
  if (typeof searched === 'function') return q.where(searched(list.search));
  return searched.length > 0 ? q.where(searchCondition(list.search, searched)) : q;
}

/** A row's every column, for a list over one table. */
export function allColumns<DB, TB extends keyof DB, O>(): ListColumns<DB, TB, O, Record<string, unknown>> {
  return { ref: columnRef, select: (query) => query.selectAll().$castTo<Record<string, unknown>>() };
}

/** The rows in the requested order; the id breaks ties, so pages never overlap or skip a row. */
export function sortedRows<DB, TB extends keyof DB, O, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: ListQuery['sort'],
  columns: ListColumns<DB, TB, O, R>,
): SelectQueryBuilder<DB, TB, R> {
  const page = columns.select(query).orderBy(columns.ref(sort.field), sort.order);
  return sort.field === 'id' ? page : page.orderBy(columns.tieBreaker?.(sort.field) ?? columns.ref('id'), sort.order);
}

/** The rows of `filtered`, counted on `db` up to LIST_COUNT_CAP + 1 (beyond that the number does not matter). */
export async function cappedCount<DB, TB extends keyof DB, O>(
  db: Kysely<DatabaseSchema>,
  filtered: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const capped = filtered
    .select(sql<number>`1`.as('one'))
    .limit(LIST_COUNT_CAP + 1)
    .as('capped');
  const counted = await db
    .selectFrom(capped)
    .select(sql<number | string | bigint>`count(*)`.as('total'))
    .executeTakeFirst();
  return toCount(counted?.total);
}

/** How a list is counted: on `cappedOn` up to the cap; as `counted` already knows it; else exactly. */
export interface Counting {
  cappedOn?: Kysely<DatabaseSchema>;
  counted?: Promise<number>;
}

/** The number of records the filtered query matches, as `counting` says to count them. */
export async function listTotal<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  { cappedOn, counted }: Counting = {},
): Promise<number> {
  if (counted) return counted;
  if (cappedOn) return cappedCount(cappedOn, filtered);
  const row = await filtered
    .select(sql<number | string | bigint>`count(*)`.as('total'))
    .$castTo<{ total: number | string | bigint }>()
    .executeTakeFirst();
  return toCount(row?.total);
}

/**
 * The page as the list answers it: past LIST_COUNT_CAP its total is `null` unless the page is the last one, whose
 * end is the exact total.
 */
export function pageOf<R>(rows: R[], total: number, query: ListQuery): ListPage<R> {
  if (total <= LIST_COUNT_CAP) return { rows, total };
  const wanted = query.range.end - query.range.start + 1;
  const last = rows.length < wanted && (rows.length > 0 || query.range.start === 0);
  return { rows, total: last ? query.range.start + rows.length : null };
}

/** Counts the filtered query (as `counting` says), then reads the requested range of it, sorted. */
export async function selectPage<DB, TB extends keyof DB, O, R>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  columns: ListColumns<DB, TB, O, R>,
  counting?: Counting,
): Promise<ListPage<R>> {
  const total = await listTotal(filtered, counting);
  const rows = await sortedRows(filtered, query.sort, columns)
    .limit(query.range.end - query.range.start + 1)
    .offset(query.range.start)
    .execute();
  return pageOf(rows, total, query);
}
