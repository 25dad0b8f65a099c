import type { Language } from '../../core/languages';
import { formatNumber } from '../../core/number-format';

/** Enough digits to be useful at every magnitude: 12.345,6 kg but 0,0123 kg per piece. */
export function resultDigits(value: number): number {
  const magnitude = Math.abs(value);
  return magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 4;
}

export function formatResult(value: number, lang: Language): string {
  return formatNumber(value, lang, { maximumFractionDigits: resultDigits(value) });
}
