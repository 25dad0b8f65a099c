/** A statistic as a chart (@mui/x-charts): a line per month or horizontal bars, axis and tooltip in the reader's locale. */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsResult } from '../../core/api';
import { CHART_MAX_BARS, type ChartSpec } from './chartData';
import { formatFigure, formatLabel } from './format';

const HEIGHT = 280;

export const StatisticChart = ({ result, spec }: { result: StatisticsResult; spec: ChartSpec }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rows = spec.kind === 'bar' ? result.rows.slice(0, CHART_MAX_BARS) : result.rows;
  const dataset = rows.map((row) => ({
    label: formatLabel(locale, translate, spec.category.key, row[spec.category.key] ?? null),
    value: Number(row[spec.value.key] ?? 0),
  }));
  const seriesLabel = translate(`statistics.columns.${spec.value.key}`, { _: spec.value.key });
  const valueFormatter = (value: number | null) => (value === null ? '' : formatFigure(locale, spec.value, value, {}));
  const series = [{ dataKey: 'value', label: seriesLabel, valueFormatter }];

  if (spec.kind === 'line') {
    return (
      <LineChart
        height={HEIGHT}
        dataset={dataset}
        xAxis={[{ scaleType: 'point', dataKey: 'label' }]}
        yAxis={[{ valueFormatter: (v: number) => formatFigure(locale, spec.value, v, {}), width: 72 }]}
        series={[{ ...series[0]!, area: true, showMark: rows.length <= 24 }]}
        hideLegend
      />
    );
  }
  return (
    <BarChart
      height={Math.max(160, 36 * dataset.length + 60)}
      layout="horizontal"
      dataset={dataset}
      yAxis={[{ scaleType: 'band', dataKey: 'label', width: 170 }]}
      xAxis={[{ valueFormatter: (v: number) => formatFigure(locale, spec.value, v, {}) }]}
      series={series}
      // Room for the last tick label of the value axis.
      margin={{ right: 32 }}
      hideLegend
    />
  );
};
