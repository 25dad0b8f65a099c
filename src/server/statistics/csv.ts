/**
 * A statistic as CSV (papaparse): header in the reader's language, figures as plain numbers (a
 * spreadsheet reads them in any locale), cells a spreadsheet would run as a formula get a leading `'`.
 */
import Papa from 'papaparse';
import type { StatisticsResult } from '../../core/api';
import type { Language } from '../../core/languages';
import { statisticsText } from './messages';

/** papaparse's own pattern ends in `.*$`, which lets a multi-line `=…` cell through; this one does not. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function statisticCsv(language: Language, result: StatisticsResult): string {
  const header = result.columns.map((c) => statisticsText(language, `columns.${c.key}`) ?? c.key);
  const rows = result.rows.map((row) =>
    result.columns.map((c) => {
      const value = row[c.key];
      if (value === null || value === undefined) return c.key === 'customer' ? (statisticsText(language, 'no_customer') ?? '') : '';
      return typeof value === 'number' ? String(value) : value;
    }),
  );
  // Figures are never negative, so the formula rule only ever touches labels (customer, title, tag).
  return `\uFEFF${Papa.unparse([header, ...rows], { escapeFormulae: FORMULA_START })}\r\n`;
}
