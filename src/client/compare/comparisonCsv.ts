/**
 * The comparison as CSV, built in the browser with papaparse. Figures stay plain numbers (full
 * precision, dot decimals) so a spreadsheet can compute with them; core's `csvText` escapes every
 * text cell a spreadsheet would run as a formula.
 */
import { csvFile } from '../../core/csv';
import type { Comparison } from './comparison';

export interface CsvHeadings {
  section: string;
  item: string;
  unit: string;
  results: string;
  /** For "Δ K-2026-000002" and "Δ % K-2026-000002". */
  difference: (number: string) => string;
  percent: (number: string) => string;
}

export function comparisonCsv(comparison: Comparison, headings: CsvHeadings): string {
  const [first, ...others] = comparison.calculations;
  if (!first) return '';
  const header = [headings.section, headings.item, headings.unit, `${first.number} ${first.title}`];
  for (const calc of others) header.push(`${calc.number} ${calc.title}`, headings.difference(calc.number), headings.percent(calc.number));
  const rows: (string | number | null)[][] = [header];
  for (const section of comparison.inputs) {
    for (const row of section.rows) {
      const line: (string | number | null)[] = [section.label, row.label, '', row.values[0] ?? ''];
      others.forEach((_calc, i) => line.push(row.values[i + 1] ?? '', '', ''));
      rows.push(line);
    }
  }
  for (const row of comparison.results) {
    const line: (string | number | null)[] = [headings.results, row.label, row.unit, row.values[0] ?? ''];
    others.forEach((_calc, i) => {
      const diff = row.differences[i + 1];
      line.push(row.values[i + 1] ?? '', diff?.absolute ?? '', diff?.percent ?? '');
    });
    rows.push(line);
  }
  return csvFile(rows);
}
