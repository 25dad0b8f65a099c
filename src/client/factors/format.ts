/**
 * Figures of a migration and of a factor database diff in the reader's language: kg CO2e by core's figure rule, signed
 * differences and percentages.
 */
import { formatFigure } from '../../core/number-format';
import { DEFAULT_LANGUAGE, isLanguage } from '../../core/languages';

// react-admin's locale is the interface language's code.
const languageOfLocale = (locale: string) => (isLanguage(locale) ? locale : DEFAULT_LANGUAGE);

export function formatKg(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '—';
  return formatFigure(value, languageOfLocale(locale));
}

export function formatSignedKg(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '—';
  return formatFigure(value, languageOfLocale(locale), { signed: true });
}

export function formatPercent(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '—';
  return (
    new Intl.NumberFormat(locale, {
      maximumFractionDigits: 1,
      minimumFractionDigits: 1,
      signDisplay: 'exceptZero',
    }).format(value) + ' %'
  );
}
