/**
 * What a statistic's chart shows, derived from its columns: the first label column is the category
 * axis, the first kg CO2e column (else the first count) the value. Per-month statistics are lines
 * over time; everything else is a horizontal bar chart, so long labels (customers, titles) stay legible.
 */
import type { StatisticColumn, StatisticsResult } from '../../core/api';

/** Categories a bar chart shows; the table below it has every row. */
export const CHART_MAX_BARS = 12;

export interface ChartSpec {
  kind: 'line' | 'bar';
  category: StatisticColumn;
  value: StatisticColumn;
}

export function chartSpec(result: StatisticsResult): ChartSpec | null {
  const category = result.columns.find((c) => c.unit === null);
  const value = result.columns.find((c) => c.unit === 'kg_co2e') ?? result.columns.find((c) => c.unit === 'count');
  if (!category || !value) return null;
  return { kind: category.key === 'month' ? 'line' : 'bar', category, value };
}

/** True when a range has nothing to draw: no rows, or only zeros (months without any figure). */
export function isEmpty(result: StatisticsResult): boolean {
  return result.rows.length === 0 || result.rows.every((row) =>
    result.columns.every((c) => c.unit === null || c.unit === 'percent' || !row[c.key]));
}
