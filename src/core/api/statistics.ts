/**
 * Statistics: `GET /api/statistics/<name>?from=YYYY-MM-DD&to=YYYY-MM-DD&mandant_id=&format=csv`. Every statistic
 * answers the same shape — labelled columns and rows — so the client draws any of them as a chart, a table and a CSV
 * file without knowing it in advance.
 */

export const STATISTIC_NAMES = [
  'overview',
  'co2e_by_month',
  'offset_by_month',
  'co2e_by_template',
  'co2e_by_customer',
  'co2e_by_tag',
  'orders',
  'offsets_by_project',
  'offsets_by_standard',
  'top_calculations',
] as const;
export type StatisticName = (typeof STATISTIC_NAMES)[number];

/** How a column's numbers read: kg CO2e, a count, a share in percent, money in minor units of the row's `currency`. */
export type StatisticUnit = 'kg_co2e' | 'count' | 'percent' | 'money_minor';

export interface StatisticColumn {
  key: string;
  /** null: a label column (month, template, customer, …), the chart's category axis. */
  unit: StatisticUnit | null;
}

export type StatisticCell = string | number | null;

export interface StatisticsResult {
  name: StatisticName;
  /** Inclusive calendar days, UTC. */
  from: string;
  to: string;
  /** null: all mandants (provider admins only). */
  mandant_id: number | null;
  columns: StatisticColumn[];
  /** Rows may carry extra keys for links (e.g. `id` of a calculation, `template_id`). Empty: no data in the range. */
  rows: Array<Record<string, StatisticCell>>;
}
