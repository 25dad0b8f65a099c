/**
 * Value tests with JSON Schema's meanings, which template authors know the rules by: multipleOf within 1e-9 (as Ajv's
 * `multipleOfPrecision: 9`), lengths in code points, dates and e-mail addresses as ajv-formats reads them.
 */
import { fullFormats } from 'ajv-formats/dist/formats';

export const MULTIPLE_OF_PRECISION = 9;

const MULTIPLE_OF_TOLERANCE = 10 ** -MULTIPLE_OF_PRECISION;

/** Mirrors Ajv's multipleOf with multipleOfPrecision. */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (divisor === 0) return false;
  const ratio = value / divisor;
  return !(Math.abs(Math.round(ratio) - ratio) > MULTIPLE_OF_TOLERANCE);
}

/** Mirrors Ajv's string length (Unicode code points, as JSON Schema defines it). */
export function stringLength(value: string): number {
  let length = 0;
  for (let index = 0; index < value.length; index++) {
    length++;
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < value.length) {
      const next = value.charCodeAt(index + 1);
      if ((next & 0xfc00) === 0xdc00) index++;
    }
  }
  return length;
}

type FormatValidate = (value: string) => boolean;
type FormatDefinition = { validate: FormatValidate | RegExp; compare?: (a: string, b: string) => number | undefined };

const dateFormat = fullFormats.date as unknown as FormatDefinition;
const emailFormat = fullFormats.email as unknown as RegExp;

export function isDate(value: string): boolean {
  return typeof dateFormat.validate === 'function' ? dateFormat.validate(value) : dateFormat.validate.test(value);
}

export function compareDates(a: string, b: string): number | undefined {
  return dateFormat.compare?.(a, b);
}

export function isEmail(value: string): boolean {
  return emailFormat.test(value);
}

/** Mirrors Ajv's uniqueItems for lists of strings. Short lists (a row's few tags) are compared without a Set. */
export function hasUniqueStrings(values: unknown[]): boolean {
  if (values.length > 16) return new Set(values).size === values.length;
  for (let index = 1; index < values.length; index++)
    for (let before = 0; before < index; before++) if (values[before] === values[index]) return false;
  return true;
}
