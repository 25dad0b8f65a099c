/**
 * A statistic as CSV (core's `csvFile`) in the reader's CSV convention: header in the reader's language,
 * figures as bare numbers.
 */
import type { StatisticsResult } from '../../core/api';
import { csvConventions, csvFile } from '../../core/csv';
import type { Language } from '../../core/languages';
import { statisticsText } from './messages';

export function statisticCsv(language: Language, result: StatisticsResult): string {
  const header = result.columns.map((c) => statisticsText(language, `columns.${c.key}`) ?? c.key);
  const rows = result.rows.map((row) =>
    result.columns.map((c) => {
      const value = row[c.key];
      if (value === null || value === undefined) return c.key === 'customer' ? (statisticsText(language, 'no_customer') ?? '') : '';
      return value;
    }),
  );
  return csvFile([header, ...rows], csvConventions(language));
}
