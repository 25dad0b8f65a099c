/**
 * Statistic cells in the reader's locale (Intl): figures by unit, months and days as dates, order
 * statuses translated. Charts and tables use the same functions, so both read alike.
 */
import type { StatisticCell, StatisticColumn } from '../../core/api';
import { minorToMajor } from '../../core/money';
import { DEFAULT_LANGUAGE, isLanguage } from '../../core/languages';
import { formatFigure as formatByFigureRule } from '../../core/number-format';
import { PERCENT_DIGITS } from '../../core/statistic-figures';
import { formatDay } from '../i18n/dates';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const number = (locale: string, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits });

/** kg CO2e by core's figure rule, as on the calculation's page, in its PDF and in the CSVs. */
export function formatKg(locale: string, value: number): string {
  return formatByFigureRule(value, isLanguage(locale) ? locale : DEFAULT_LANGUAGE);
}

/** Money in minor units of `currency`, using the currency's own number of decimals. */
export function formatMoneyMinor(locale: string, minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minorToMajor(minor, currency));
  } catch {
    return `${number(locale, 0).format(minor)} ${currency}`;
  }
}

export function formatMonth(locale: string, month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
}

export function formatFigure(
  locale: string,
  column: StatisticColumn,
  value: StatisticCell,
  row: Record<string, StatisticCell>,
): string {
  if (value === null || value === undefined) return '–';
  if (typeof value !== 'number') return String(value);
  switch (column.unit) {
    case 'kg_co2e':
      return formatKg(locale, value);
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: PERCENT_DIGITS }).format(
        value / 100,
      );
    case 'money_minor':
      return formatMoneyMinor(locale, value, typeof row.currency === 'string' ? row.currency : 'EUR');
    default:
      return number(locale, 0).format(value);
  }
}

/** A label cell (month, status, customer, …) as the reader should see it. */
export function formatLabel(locale: string, translate: Translate, key: string, value: StatisticCell): string {
  if (key === 'customer' && (value === null || value === '')) return translate('statistics.no_customer');
  if (value === null || value === undefined) return '–';
  const text = String(value);
  if (key === 'month') return formatMonth(locale, text);
  if (key === 'created_at') return formatDay(locale, text);
  if (key === 'status') return translate(`statistics.status.${text}`, { _: text });
  return text;
}

export function formatCell(
  locale: string,
  translate: Translate,
  column: StatisticColumn,
  row: Record<string, StatisticCell>,
): string {
  const value = row[column.key] ?? null;
  return column.unit === null
    ? formatLabel(locale, translate, column.key, value)
    : formatFigure(locale, column, value, row);
}
