/**
 * A statistic as a chart (@mui/x-charts): a line per month or horizontal bars, axis and tooltip in the
 * reader's locale; the value axis is labelled with what is plotted (e.g. "kg CO₂e", "Bestellungen").
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsResult } from '../../core/api';
import { CHART_MAX_BARS, chartPoints, type ChartSpec } from './chartData';
import { formatFigure, formatLabel } from './format';

const HEIGHT = 280;

export const StatisticChart = ({ result, spec }: { result: StatisticsResult; spec: ChartSpec }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const points = chartPoints(result, spec);
  const shown = spec.kind === 'bar' ? points.slice(0, CHART_MAX_BARS) : points;
  const dataset = shown.map((point) => ({
    label: formatLabel(locale, translate, spec.category.key, point.category),
    value: point.value,
  }));
  const seriesLabel = translate(`statistics.columns.${spec.value.key}`, { _: spec.value.key });
  const valueFormatter = (value: number | null) => (value === null ? '' : formatFigure(locale, spec.value, value, {}));
  const series = [{ dataKey: 'value', label: seriesLabel, valueFormatter }];
  // Counts have no halves: whole ticks only (else 0, 0, 1, 1, … after rounding).
  const ticks = spec.value.unit === 'count' ? { tickMinStep: 1 } : {};

  if (spec.kind === 'line') {
    return (
      <LineChart
        height={HEIGHT}
        dataset={dataset}
        xAxis={[{ scaleType: 'point', dataKey: 'label' }]}
        // Room for the axis label beside tick labels such as "100.000".
        yAxis={[
          {
            valueFormatter: (v: number) => formatFigure(locale, spec.value, v, {}),
            width: 96,
            label: seriesLabel,
            ...ticks,
          },
        ]}
        // Straight lines between months (a smoothed curve drew a hump across months without data, issue #35).
        series={[{ ...series[0]!, area: true, curve: 'linear', showMark: shown.length <= 24 }]}
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
      // Few, evenly spaced ticks: with many, labels such as "10.000" collided and were dropped (0 / 5.000 / 15.000).
      xAxis={[
        {
          valueFormatter: (v: number) => formatFigure(locale, spec.value, v, {}),
          label: seriesLabel,
          tickNumber: 4,
          ...ticks,
        },
      ]}
      series={series}
      // Room for the last tick label of the value axis.
      margin={{ right: 32 }}
      hideLegend
    />
  );
};
