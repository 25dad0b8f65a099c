/**
 * Statistics: `GET /api/statistics/<name>?from=YYYY-MM-DD&to=YYYY-MM-DD&mandant_id=&format=csv`. Every statistic
 * answers the same shape — labelled columns and rows — so the client draws any of them as a chart, a table and a CSV
 * file without knowing it in advance.
 */
import type { Static } from 'typebox';
import { Nullable, StringEnum, StringMap, Type } from './schema';

export const STATISTIC_NAMES = [
  'overview',
  'co2e_by_month',
  'offset_by_month',
  'co2e_by_template',
  'co2e_by_customer',
  'co2e_by_tag',
  'by_channel',
  'orders',
  'offsets_by_project',
  'offsets_by_standard',
  'top_calculations',
] as const;
export type StatisticName = (typeof STATISTIC_NAMES)[number];

/** How a column's numbers read: kg CO2e, a count, a share in percent, money in minor units of the row's `currency`. */
export const STATISTIC_UNITS = ['kg_co2e', 'count', 'percent', 'money_minor'] as const;
export type StatisticUnit = (typeof STATISTIC_UNITS)[number];

export const StatisticColumn = Type.Object({
  key: Type.String(),
  /** null: a label column (month, template, customer, …), the chart's category axis. */
  unit: Type.Unsafe<StatisticUnit | null>({ type: ['string', 'null'], enum: [...STATISTIC_UNITS, null] }),
});
export type StatisticColumn = Static<typeof StatisticColumn>;

export const StatisticCell = Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'] });
export type StatisticCell = Static<typeof StatisticCell>;

export const StatisticsResult = Type.Object({
  name: StringEnum(STATISTIC_NAMES),
  /** Inclusive calendar days, UTC. */
  from: Type.String(),
  to: Type.String(),
  /** null: all mandants (provider admins only). */
  mandant_id: Nullable(Type.Integer()),
  columns: Type.Array(StatisticColumn),
  /** Rows may carry extra keys for links (e.g. `id` of a calculation, `template_id`). Empty: no data in the range. */
  rows: Type.Array(StringMap(StatisticCell)),
});
export type StatisticsResult = Static<typeof StatisticsResult>;

/** `GET /api/statistics/:name?…`: checked further (real days, range, mandant) by the server before any query runs. */
export const StatisticsRequestQuery = Type.Object({
  from: Type.Optional(Type.String({ description: 'First day, YYYY-MM-DD (UTC); default: 1 January of this year' })),
  to: Type.Optional(
    Type.String({ description: 'Last day, inclusive, YYYY-MM-DD (UTC); default: 31 December of this year' }),
  ),
  mandant_id: Type.Optional(
    Type.String({ description: 'Provider admins: one mandant (default all); others: only their own' }),
  ),
  format: Type.Optional(
    StringEnum(['json', 'csv'], {
      description:
        "csv: a download in the user's language and spreadsheet convention (; and decimal comma except in English)",
    }),
  ),
  lang: Type.Optional(
    Type.String({
      description:
        "Language of template/project names and of the CSV (header, statuses, delimiter and decimal separator: de, en, fr, it, es); default: the user's",
    }),
  ),
});
export type StatisticsRequestQuery = Static<typeof StatisticsRequestQuery>;
