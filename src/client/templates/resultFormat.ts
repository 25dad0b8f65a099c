import type { Language } from '../../core/languages';
import { formatNumber } from '../../core/number-format';

/** Enough digits to be useful at every magnitude: 12.345,6 kg but 0,0123 kg per piece. */
export function formatResult(value: number, lang: Language): string {
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 4;
  return formatNumber(value, lang, { maximumFractionDigits: digits });
}
