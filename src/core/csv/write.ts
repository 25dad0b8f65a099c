/**
 * The one way Kontor writes CSV, on the server and in the browser: every text cell passes through
 * `escapeCsvCell`, so no cell a spreadsheet would run as a formula leaves unescaped — including
 * multi-line ones, which papaparse's own `escapeFormulae: true` lets through (its pattern ends in `.*$`).
 * Numbers and booleans stay values a spreadsheet can compute with.
 */
import Papa from 'papaparse';
import { escapeCsvCell } from './escape';

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** `,` unless given (the comma-decimal languages write `;`). */
  delimiter?: string;
}

/** The rows as CSV lines joined by CRLF, without a BOM and without a final line break (streams add their own). */
export function csvText(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  const safe = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? escapeCsvCell(cell) : (cell ?? ''))));
  return Papa.unparse(safe, { delimiter: options.delimiter ?? ',', newline: '\r\n' });
}

/** A whole CSV file: BOM (so spreadsheet programs read UTF-8), the rows, a final CRLF. */
export function csvFile(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  return `\uFEFF${csvText(rows, options)}\r\n`;
}
