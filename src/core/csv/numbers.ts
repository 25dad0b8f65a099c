/**
 * Numbers in CSV columns: each column is read in ONE decimal format, detected from its values
 * (`1.234,5` and `0,5` say comma; `1,234.5` and `0.5` say point; `1.234` alone says nothing).
 */
import { parseLocaleNumber } from '../number-format';

export type DecimalSeparator = ',' | '.';

const COMMA_SIGNS = [/^\d{1,3}(?:\.\d{3})+,\d+$/, /^\d+,(?:\d{1,2}|\d{4,})$/];
const POINT_SIGNS = [/^\d{1,3}(?:,\d{3})+\.\d+$/, /^\d+\.(?:\d{1,2}|\d{4,})$/];

/** The separator the values show; `fallback` when none of them decides (e.g. only integers). */
export function detectDecimalSeparator(values: readonly string[], fallback: DecimalSeparator): DecimalSeparator {
  let comma = 0;
  let point = 0;
  for (const raw of values) {
    const value = raw.trim().replace(/^[-+−]/, '');
    if (COMMA_SIGNS.some((sign) => sign.test(value))) comma++;
    else if (POINT_SIGNS.some((sign) => sign.test(value))) point++;
  }
  if (comma === point) return fallback;
  return comma > point ? ',' : '.';
}

/** Parses a cell in the column's format; null when it is not a number. */
export function parseCsvNumber(text: string, decimal: DecimalSeparator): number | null {
  return parseLocaleNumber(text, decimal === ',' ? 'de' : 'en');
}
