/**
 * A statistic as CSV (core's `csvFile`) in the reader's language and CSV convention: header and
 * labels as on the page (order statuses translated), figures as bare numbers rounded as the page
 * shows them, money in currency units (the row's currency in its own column), never minor units.
 */
import type { StatisticCell, StatisticColumn, StatisticsResult } from '../../core/api';
import { csvConventions, csvFile, csvNumber, type CsvCell } from '../../core/csv';
import type { Language } from '../../core/languages';
import { minorToMajor } from '../../core/money';
import { statisticDigits } from '../../core/statistic-figures';
import { statisticsText } from './messages';

function labelCell(language: Language, key: string, value: StatisticCell): CsvCell {
  if (value === null || value === '') return key === 'customer' ? (statisticsText(language, 'no_customer') ?? '') : '';
  if (key === 'status') return statisticsText(language, `status.${value}`) ?? String(value);
  return value;
}

function figureCell(column: StatisticColumn, value: StatisticCell, row: Record<string, StatisticCell>): CsvCell {
  if (typeof value !== 'number' || column.unit === null) return value;
  const currency = typeof row.currency === 'string' ? row.currency : 'EUR';
  const shown = column.unit === 'money_minor' ? minorToMajor(value, currency) : value;
  return csvNumber(shown, statisticDigits(column.unit, shown, currency));
}

export function statisticCsv(language: Language, result: StatisticsResult): string {
  const header = result.columns.map((c) => statisticsText(language, `columns.${c.key}`) ?? c.key);
  const rows = result.rows.map((row) =>
    result.columns.map((c) => {
      const value = row[c.key] ?? null;
      return c.unit === null ? labelCell(language, c.key, value) : figureCell(c, value, row);
    }),
  );
  return csvFile([header, ...rows], csvConventions(language));
}
