import { formatNumber } from '../../core/number-format';
import { useLanguage } from '../i18n/useLanguage';

/** Figures as the reader writes numbers (grouping, decimal comma), up to three decimals. */
export function useFormatNumber(): (value: number) => string {
  const lang = useLanguage();
  return (value) => formatNumber(value, lang, { maximumFractionDigits: 3 });
}
