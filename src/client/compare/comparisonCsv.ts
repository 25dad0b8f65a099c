/**
 * The comparison as CSV, built in the browser by core's writer in the reader's CSV convention (`;` and
 * decimal comma for the comma-decimal languages). Figures are bare numbers rounded as the page shows
 * them — never "5.000 Stk.": the unit has its own column — so a spreadsheet computes with them; text
 * cells a spreadsheet would run as a formula are escaped.
 */
import { csvConventions, csvFile, csvNumber, type CsvCell } from '../../core/csv';
import type { Language } from '../../core/languages';
import { resultDigits } from '../template-forms/resultFormat';
import { INPUT_DIGITS, PERCENT_DIGITS, type Comparison } from './comparison';

export interface CsvHeadings {
  section: string;
  item: string;
  unit: string;
  results: string;
  /** For "Δ K-2026-000002" and "Δ % K-2026-000002". */
  difference: (number: string) => string;
  percent: (number: string) => string;
}

const result = (value: number | null | undefined): CsvCell =>
  value === null || value === undefined ? null : csvNumber(value, resultDigits(value));

export function comparisonCsv(comparison: Comparison, headings: CsvHeadings, lang: Language): string {
  const [first, ...others] = comparison.calculations;
  if (!first) return '';
  const header: CsvCell[] = [headings.section, headings.item, headings.unit, `${first.number} ${first.title}`];
  for (const calc of others)
    header.push(`${calc.number} ${calc.title}`, headings.difference(calc.number), headings.percent(calc.number));
  const rows: CsvCell[][] = [header];
  for (const section of comparison.inputs) {
    for (const row of section.rows) {
      const input = (i: number): CsvCell => {
        const number = row.numbers[i];
        return number === null || number === undefined ? row.values[i] : csvNumber(number, INPUT_DIGITS);
      };
      const line: CsvCell[] = [section.label, row.label, row.unit, input(0)];
      others.forEach((_calc, i) => line.push(input(i + 1), null, null));
      rows.push(line);
    }
  }
  for (const row of comparison.results) {
    const line: CsvCell[] = [headings.results, row.label, row.unit, result(row.values[0])];
    others.forEach((_calc, i) => {
      const diff = row.differences[i + 1];
      const percent = diff?.percent;
      line.push(
        result(row.values[i + 1]),
        diff ? csvNumber(diff.absolute, resultDigits(diff.absolute)) : null,
        percent === null || percent === undefined ? null : csvNumber(percent, PERCENT_DIGITS),
      );
    });
    rows.push(line);
  }
  return csvFile(rows, csvConventions(lang));
}
