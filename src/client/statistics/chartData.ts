/**
 * What a statistic's chart shows, derived from its columns: the first label column is the category
 * axis, the first kg CO2e column (else the first count) the value — except where the statistic names
 * its own (orders: how many per status; its table adds kg and value). Per-month statistics are lines
 * over time; everything else is a horizontal bar chart, so long labels (customers, titles) stay legible.
 * The value axis is labelled with the value column's header, so the chart says what it plots.
 */
import type { StatisticCell, StatisticColumn, StatisticName, StatisticsResult } from '../../core/api';

/** Categories a bar chart shows; the table below it has every row. */
export const CHART_MAX_BARS = 12;

/** Statistics whose chart plots another column than the first kg figure. */
const CHART_VALUE: Partial<Record<StatisticName, string>> = { orders: 'orders' };

export interface ChartSpec {
  kind: 'line' | 'bar';
  category: StatisticColumn;
  value: StatisticColumn;
}

export function chartSpec(result: StatisticsResult): ChartSpec | null {
  const category = result.columns.find((c) => c.unit === null);
  const named = CHART_VALUE[result.name];
  const value =
    (named ? result.columns.find((c) => c.key === named) : undefined) ??
    result.columns.find((c) => c.unit === 'kg_co2e') ??
    result.columns.find((c) => c.unit === 'count');
  if (!category || !value) return null;
  return { kind: category.key === 'month' ? 'line' : 'bar', category, value };
}

/** One point per category: rows that share it (orders of one status in two currencies) are added up. */
export function chartPoints(
  result: StatisticsResult,
  spec: ChartSpec,
): Array<{ category: StatisticCell; value: number }> {
  const points = new Map<string, { category: StatisticCell; value: number }>();
  for (const row of result.rows) {
    const category = row[spec.category.key] ?? null;
    const key = String(category);
    const point = points.get(key) ?? { category, value: 0 };
    point.value += Number(row[spec.value.key] ?? 0);
    points.set(key, point);
  }
  return [...points.values()];
}

/** True when a range has nothing to draw: no rows, or only zeros (months without any figure). */
export function isEmpty(result: StatisticsResult): boolean {
  return (
    result.rows.length === 0 ||
    result.rows.every((row) => result.columns.every((c) => c.unit === null || c.unit === 'percent' || !row[c.key]))
  );
}
