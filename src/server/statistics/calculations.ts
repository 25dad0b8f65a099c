/**
 * Statistics over calculations, aggregated by the database from covering indexes (migrations 0008,
 * 0011, 0013): only the groups travel to the server, never the calculations.
 */
import { sql, type Kysely } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { scopeToMandant } from '../http/tenant-scope';
import type { StatisticsQuery } from './query';

/** Groups shown for customers and tags: the largest first; the table says when it is cut. */
export const GROUP_LIMIT = 100;
export const TOP_CALCULATIONS = 10;

type Db = Kysely<DatabaseSchema>;

/**
 * Calculations created in the range, of the resolved mandant (and, belt and braces, the user's scope): their state
 * rows (migration 0032), which carry mandant_id, created_at and template_type (0072) beside total_co2e, so totals and
 * months are read from calculation_state_stats_idx alone.
 */
function inRange(db: Db, user: SessionUser, query: StatisticsQuery) {
  let base = db
    .selectFrom('calculation_state')
    .where('calculation_state.created_at', '>=', query.fromInstant)
    .where('calculation_state.created_at', '<', query.toInstant);
  if (query.mandantId !== null) base = base.where('calculation_state.mandant_id', '=', query.mandantId);
  return scopeToMandant(base, user, 'calculation_state.mandant_id');
}

/** inRange with each calculation's own row (template, customer, number, title). */
const inRangeWithCalculations = (db: Db, user: SessionUser, query: StatisticsQuery) =>
  inRange(db, user, query).innerJoin('calculations', 'calculations.id', 'calculation_state.calculation_id');

const kg = (value: unknown) => Math.round(Number(value ?? 0) * 1000) / 1000;
const count = (value: unknown) => Number(value ?? 0);

export interface CalculationTotals {
  calculations: number;
  co2e_kg: number;
}

/**
 * The calculated product footprints: a company footprint (template type `company`) is the whole business's footprint,
 * not one more product, and added to them it made up nearly all of "Berechnet" (issue #35). The state row's copy of
 * the type (migration 0072) lets calculation_state_stats_idx answer it alone, without a calculation's row.
 */
export async function calculationTotals(db: Db, user: SessionUser, query: StatisticsQuery): Promise<CalculationTotals> {
  const row = await inRange(db, user, query)
    .where('calculation_state.template_type', '!=', 'company')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('calculation_state.total_co2e').as('kg')])
    .executeTakeFirst();
  return { calculations: count(row?.n), co2e_kg: kg(row?.kg) };
}

/**
 * kg CO2e calculated per month `YYYY-MM` (months are the first 7 characters of the ISO timestamp).
 * The range is named in months too — the same rows, since every timestamp in [from, to] lies in a
 * month from `from`'s to `to`'s — so both databases read one range of calculations_month_idx and
 * aggregate the months in index order instead of sorting 100,000 rows by the expression first.
 * The expression must stay written exactly as in that index (literal 1 and 7, not parameters).
 */
export async function co2eByMonth(db: Db, user: SessionUser, query: StatisticsQuery) {
  const month = sql<string>`substr(calculation_state.created_at, 1, 7)`;
  const rows = await inRange(db, user, query)
    .where(month, '>=', query.from.slice(0, 7))
    .where(month, '<=', query.to.slice(0, 7))
    .select((eb) => [
      month.as('month'),
      eb.fn.countAll().as('n'),
      eb.fn.sum<number>('calculation_state.total_co2e').as('kg'),
    ])
    .groupBy(month)
    .orderBy(month)
    .execute();
  return rows.map((r) => ({ month: r.month, calculations: count(r.n), co2e_kg: kg(r.kg) }));
}

/**
 * kg CO2e and calculations per value of a calculation column, largest first; calculations without a value form one
 * group (null). Templates are few and all listed; customers are cut at `limit`.
 */
async function co2eByColumn<C extends 'template_id' | 'customer' | 'channel', V extends string | null>(
  db: Db,
  user: SessionUser,
  query: StatisticsQuery,
  column: C,
  limit?: number,
): Promise<Array<Record<C, V> & { calculations: number; co2e_kg: number }>> {
  const grouped = sql.ref<string | null>(`calculations.${column}`);
  const ordered = inRangeWithCalculations(db, user, query)
    .select((eb) => [
      grouped.as('value'),
      eb.fn.countAll().as('n'),
      eb.fn.sum<number>('calculation_state.total_co2e').as('kg'),
    ])
    .groupBy(grouped)
    .orderBy('kg', 'desc')
    .orderBy(grouped);
  const rows = await (limit === undefined ? ordered : ordered.limit(limit)).execute();
  return rows.map(
    (r) =>
      ({ [column]: r.value, calculations: count(r.n), co2e_kg: kg(r.kg) }) as unknown as Record<C, V> & {
        calculations: number;
        co2e_kg: number;
      },
  );
}

export const co2eByTemplate = (db: Db, user: SessionUser, query: StatisticsQuery) =>
  co2eByColumn<'template_id', string>(db, user, query, 'template_id');

export const co2eByCustomer = (db: Db, user: SessionUser, query: StatisticsQuery) =>
  co2eByColumn<'customer', string | null>(db, user, query, 'customer', GROUP_LIMIT);

/** Per channel (issue 39): null the back office, `storefront:<id>` a shop's orders. A mandant has few storefronts. */
export const co2eByChannel = (db: Db, user: SessionUser, query: StatisticsQuery) =>
  co2eByColumn<'channel', string | null>(db, user, query, 'channel', GROUP_LIMIT);

/**
 * A calculation with several tags counts towards each of them; untagged calculations are not listed.
 * Read from the tag rows alone: they carry their calculation's created_at and total_co2e (kept by
 * triggers, migration 0011), so the covering index calculation_tags_totals_idx answers it without
 * a join to the wide calculation rows.
 */
export async function co2eByTag(db: Db, user: SessionUser, query: StatisticsQuery) {
  let tagged = db
    .selectFrom('calculation_tags')
    .where('calculation_tags.created_at', '>=', query.fromInstant)
    .where('calculation_tags.created_at', '<', query.toInstant);
  if (query.mandantId !== null) tagged = tagged.where('calculation_tags.mandant_id', '=', query.mandantId);
  const rows = await scopeToMandant(tagged, user, 'calculation_tags.mandant_id')
    .select((eb) => [
      'calculation_tags.tag',
      eb.fn.countAll().as('n'),
      eb.fn.sum<number>('calculation_tags.total_co2e').as('kg'),
    ])
    .groupBy('calculation_tags.tag')
    .orderBy('kg', 'desc')
    .orderBy('calculation_tags.tag')
    .limit(GROUP_LIMIT)
    .execute();
  return rows.map((r) => ({ tag: r.tag, calculations: count(r.n), co2e_kg: kg(r.kg) }));
}

export async function topCalculations(db: Db, user: SessionUser, query: StatisticsQuery) {
  const rows = await inRangeWithCalculations(db, user, query)
    .select([
      'calculations.id',
      'calculations.number',
      'calculations.title',
      'calculations.customer',
      'calculations.template_id',
      'calculations.created_at',
      'calculation_state.total_co2e',
    ])
    .orderBy('calculation_state.total_co2e', 'desc')
    .orderBy('calculations.id')
    .limit(TOP_CALCULATIONS)
    .execute();
  return rows.map(({ total_co2e, ...r }) => ({ ...r, created_at: r.created_at.slice(0, 10), co2e_kg: kg(total_co2e) }));
}
