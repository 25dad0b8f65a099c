/**
 * Where the calculations resource keeps its rows (the simple-rest engine's RecordStore, http/record-store.ts): a
 * calculation is a `calculations` row and a `calculation_state` row (state.ts). Reads join them; a write splits its
 * values between them in its one transaction, and the state row holds the version. Lists choose a page's ids reading
 * only what their filters and sort need, then read the page's rows (late row lookup).
 */
import { sql, type Expression, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Dialect } from '../db/database';
import type { CalculationStateTable, CalculationsTable, DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import type { ListQuery } from '../http/list-query';
import { listTotal, pageOf, sortedRows, whereListed } from '../http/list-sql';
import { type Listing, type RecordStore, type RestContext, type Row } from '../http/record-store';
import { scopeToMandant } from '../http/tenant-scope';
import {
  calculationColumn,
  CALCULATION_STATE,
  insertCalculation,
  listedStateColumns,
  selectCalculations,
  STATE_COLUMNS,
  STATE_SELECTION,
  type CalculationInsert,
} from './state';

const inState = (column: string) => (STATE_COLUMNS as readonly string[]).includes(column);
const copied = (column: string) => (CALCULATION_STATE.copied as readonly string[]).includes(column);

/** A write's values: those of the calculations row, and those of the state row (a copied column goes into both). */
function splitState(values: Row): [Row, Row] {
  const main: Row = {};
  const own: Row = {};
  for (const [column, value] of Object.entries(values)) {
    (inState(column) ? own : main)[column] = value;
    if (copied(column)) own[column] = value;
  }
  return [main, own];
}

/**
 * How the list reads the state table:
 * - `joined`: calculations joined with it;
 * - `stateFirst`: it is the outer loop (SQLite keeps a CROSS JOIN's order; PostgreSQL plans it as any inner join), so a
 *   page sorted by a state column walks its index and stops after the page, instead of sorting every match —
 *   SQLite's planner (with STAT4) preferred the latter: 34 ms instead of 3 at 20,000 calculations;
 * - `none`: calculations alone, for a list whose filters and sort read no state column (its rows are read late).
 */
type StateRead = 'joined' | 'stateFirst' | 'none';

function stateReadOf(query: ListQuery): StateRead {
  const stateSorted = inState(query.sort.field);
  // Counting and choosing a page need the state row only where a filter or the sort reads it. A text search narrows
  // more than a walk of the sort index would: there the planner chooses the order.
  const stateFiltered = query.conditions.some(({ column }) => inState(column));
  return stateSorted && query.search === null ? 'stateFirst' : stateSorted || stateFiltered ? 'joined' : 'none';
}

/** The page's columns. Sorted by a state column, filters on columns the state row copies read the copy, so that an
 * index of the state table leading with them ((mandant, template, total), (mandant, type, total)) gives the whole order. */
function pageRef(query: ListQuery): (column: string) => Expression<unknown> {
  const stateSorted = inState(query.sort.field);
  return (column) =>
    stateSorted && copied(column) ? sql.ref(`calculation_state.${column}`) : sql.ref(calculationColumn(column));
}

/** The state row's key is the calculation's id: a sort by a state column breaks ties by it, so its index gives the order. */
const tieBreaker = (field: string) => sql.ref(inState(field) ? 'calculation_state.calculation_id' : 'calculations.id');

/** One page of calculations of the caller's scope, narrowed by the query and the listing, from `base`. */
async function pageFrom<TB extends keyof DatabaseSchema>(
  base: SelectQueryBuilder<DatabaseSchema, TB, object>,
  ctx: RestContext,
  query: ListQuery,
  listing: Listing,
  dialect: Dialect,
) {
  let scoped = scopeToMandant(base, ctx.user, 'calculations.mandant_id');
  // Sorted by a state column: the state table's copy of the mandant lets its (mandant, column) index drive.
  if (inState(query.sort.field)) scoped = scopeToMandant(scoped, ctx.user, 'calculation_state.mandant_id');
  for (const filter of listing.filters) scoped = scoped.where(filter);
  const ref = pageRef(query);
  const filtered = whereListed(
    scoped,
    query,
    listing.searched((column) => sql.ref(calculationColumn(column))),
    ref,
  );
  const total = await listTotal(filtered, listing.counting);
  const ids = sortedRows(filtered, query.sort, {
    ref,
    tieBreaker,
    select: (q) => q.select(sql<number>`calculations.id`.as('id')),
  })
    .limit(query.range.end - query.range.start + 1)
    .offset(query.range.start)
    .as('page');
  const pageRows = ctx.db
    .selectFrom(ids)
    .innerJoin('calculations', 'calculations.id', 'page.id')
    .innerJoin('calculation_state', 'calculation_state.calculation_id', 'calculations.id');
  // A list page reads what lists show (record.ts toCalculationListRows); a request without range whole records.
  const rows = await sortedRows(pageRows, query.sort, {
    ref,
    tieBreaker,
    select: (q) =>
      query.paged
        ? q.selectAll('calculations').select(listedStateColumns(dialect)).$castTo<Row>()
        : q.selectAll('calculations').select(STATE_SELECTION).$castTo<Row>(),
  }).execute();
  return pageOf(rows, total, query);
}

export function calculationStore(dialect: Dialect): RecordStore {
  return {
    find: (ctx, id) =>
      scopeToMandant(selectCalculations(ctx.db), ctx.user, 'calculations.mandant_id')
        .where('calculations.id', '=', id)
        .$castTo<Row>()
        .executeTakeFirst(),

    page: (ctx, query, listing) => {
      const read = stateReadOf(query);
      if (read === 'none') return pageFrom(ctx.db.selectFrom('calculations'), ctx, query, listing, dialect);
      if (read === 'joined') {
        const joined = ctx.db
          .selectFrom('calculations')
          .innerJoin('calculation_state', 'calculation_state.calculation_id', 'calculations.id');
        return pageFrom(joined, ctx, query, listing, dialect);
      }
      const stateFirst = ctx.db
        .selectFrom('calculation_state')
        .crossJoin('calculations')
        .whereRef('calculation_state.calculation_id', '=', 'calculations.id');
      return pageFrom(stateFirst, ctx, query, listing, dialect);
    },

    // The resource's beforeCreate computes every column of both rows (resource.ts).
    insert: (ctx, values) => insertCalculation(ctx.db, values as CalculationInsert),

    update: async (ctx, id, values, version) => {
      // A calculation is versioned: the engine always passes the version it read.
      if (version === undefined) return false;
      const [main, state] = splitState(values);
      // The state row first: its version check decides, and its row lock orders concurrent writers.
      const versioned = await scopeToMandant(
        ctx.db
          .updateTable('calculation_state')
          .set(state as Updateable<CalculationStateTable>)
          .where('calculation_id', '=', id)
          .set((eb) => ({ updated_at: isoNow(), version: eb('version', '+', 1) }))
          .where('version', '=', version),
        ctx.user,
        'mandant_id',
      ).executeTakeFirst();
      if (Number(versioned.numUpdatedRows) === 0) return false;
      if (Object.keys(main).length === 0) return true;
      const result = await scopeToMandant(
        ctx.db
          .updateTable('calculations')
          .set(main as Updateable<CalculationsTable>)
          .where('id', '=', id),
        ctx.user,
        'mandant_id',
      ).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    delete: async (ctx, id) => {
      // calculation_state and calculation_tags rows go with it (ON DELETE CASCADE).
      const result = await scopeToMandant(
        ctx.db.deleteFrom('calculations').where('id', '=', id),
        ctx.user,
        'mandant_id',
      ).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
