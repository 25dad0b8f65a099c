/**
 * Cells of our own CSV downloads that a spreadsheet would run as a formula (leading `=`, `+`,
 * `-`, `@`, tab or CR — OWASP "CSV injection") get a leading apostrophe, which spreadsheets show
 * as text. Plain negative numbers such as `-12.5` stay numbers: they cannot carry a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;

export function escapeCsvCell(value: string): string {
  if (!FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}
