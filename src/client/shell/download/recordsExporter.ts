/**
 * react-admin's list export through core's CSV writer, in the reader's CSV convention: its default
 * exporter (jsonexport) writes cells a spreadsheet would run as formulas, and user data (names,
 * titles) can start with `=`.
 */
import { useCallback } from 'react';
import type { Exporter, RaRecord } from 'react-admin';
import { csvConventions, csvFile, csvNumber, type CsvCell } from '../../../core/csv';
import { figureDecimals } from '../../../core/number-format';
import type { Language } from '../../../core/languages';
import { useLanguage } from '../../i18n/useLanguage';
import { saveFile } from './saveFile';

// Computed figures a record carries: rounded by core's figure rule, as the list shows them.
const FIGURES = new Set(['total_co2e']);

function cell(value: unknown, column: string): CsvCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && FIGURES.has(column)) return csvNumber(value, figureDecimals(value));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export function recordsCsv(records: readonly RaRecord[], lang: Language): string {
  const columns = [...new Set(records.flatMap((record) => Object.keys(record)))];
  return csvFile(
    [columns, ...records.map((record) => columns.map((column) => cell(record[column], column)))],
    csvConventions(lang),
  );
}

/** The list exporter in the interface language (an exporter itself is called outside React). */
export function useRecordsExporter(): Exporter {
  const lang = useLanguage();
  return useCallback<Exporter>(
    (records, _fetchRelated, _dataProvider, resource) => {
      saveFile(recordsCsv(records, lang), `${resource ?? 'export'}.csv`);
    },
    [lang],
  );
}
