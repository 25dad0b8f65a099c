/**
 * The one way Kontor writes CSV, on the server and in the browser, in the reader's convention: the
 * comma-decimal languages (de, fr, it, es) separate cells by `;` and write `278,21`, English by `,`
 * and `278.21` — as Excel expects in each locale, and as Kontor's importer reads it back.
 *
 * Every text cell passes through `escapeCsvCell`, so no cell a spreadsheet would run as a formula
 * leaves unescaped — including multi-line ones, which papaparse's own `escapeFormulae: true` lets
 * through (its pattern ends in `.*$`). Number cells hold the bare number (no grouping, no unit;
 * units belong in the header), rounded to the precision the screen shows, so a spreadsheet
 * computes with them.
 */
import Papa from 'papaparse';
import type { Language } from '../languages';
import { escapeCsvCell } from './escape';

/** A number with the precision the screen shows it in: at most `digits` decimals. */
export interface CsvNumber {
  readonly number: number;
  readonly digits: number;
}

export type CsvCell = string | number | boolean | CsvNumber | null | undefined;

export interface CsvConventions {
  delimiter: ',' | ';';
  decimal: '.' | ',';
}

/** Plain `number` cells: at most two decimals, Kontor's default for figures on screen (core's formatNumber). */
export const CSV_DEFAULT_DIGITS = 2;

/** The reader's spreadsheet convention: `,`/`.` for English, `;`/`,` for the comma-decimal languages. */
export function csvConventions(language: Language): CsvConventions {
  return language === 'en' ? { delimiter: ',', decimal: '.' } : { delimiter: ';', decimal: ',' };
}

/** A number cell shown with at most `digits` decimals (the screen's precision). */
export function csvNumber(value: number, digits: number): CsvNumber {
  return { number: value, digits };
}

const plain = new Map<number, Intl.NumberFormat>();

/** `value` rounded to `digits` decimals, without grouping, with the convention's decimal separator. */
export function csvNumberText(value: number, digits: number, conventions: CsvConventions): string {
  if (!Number.isFinite(value)) return '';
  const places = Math.max(0, Math.min(20, Math.trunc(digits)));
  let format = plain.get(places);
  if (!format)
    plain.set(places, (format = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: places })));
  const text = format.format(value);
  // -0.001 rounded is "-0": a zero.
  const unsigned = text === '-0' ? '0' : text;
  return conventions.decimal === '.' ? unsigned : unsigned.replace('.', conventions.decimal);
}

function cellText(cell: CsvCell, conventions: CsvConventions): string | boolean {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return escapeCsvCell(cell);
  if (typeof cell === 'number') return csvNumberText(cell, CSV_DEFAULT_DIGITS, conventions);
  if (typeof cell === 'boolean') return cell;
  return csvNumberText(cell.number, cell.digits, conventions);
}

/** The rows as CSV lines joined by CRLF, without a BOM and without a final line break (streams add their own). */
export function csvText(rows: readonly (readonly CsvCell[])[], conventions: CsvConventions): string {
  const safe = rows.map((row) => row.map((cell) => cellText(cell, conventions)));
  return Papa.unparse(safe, { delimiter: conventions.delimiter, newline: '\r\n' });
}

/** Starts a file (or a stream of one): the BOM, so spreadsheet programs read UTF-8. */
export const CSV_BOM = '\uFEFF';

/** A whole CSV file: BOM, the rows, a final CRLF. */
export function csvFile(rows: readonly (readonly CsvCell[])[], conventions: CsvConventions): string {
  return `${CSV_BOM}${csvText(rows, conventions)}\r\n`;
}
