/**
 * react-admin's list export through core's CSV writer: its default exporter (jsonexport) writes
 * cells a spreadsheet would run as formulas, and user data (names, titles) can start with `=`.
 */
import type { Exporter, RaRecord } from 'react-admin';
import { csvFile, type CsvCell } from '../../../core/csv';
import { saveFile } from './saveFile';

function cell(value: unknown): CsvCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export function recordsCsv(records: readonly RaRecord[]): string {
  const columns = [...new Set(records.flatMap((record) => Object.keys(record)))];
  return csvFile([columns, ...records.map((record) => columns.map((column) => cell(record[column])))]);
}

export const recordsExporter: Exporter = (records, _fetchRelated, _dataProvider, resource) => {
  saveFile(recordsCsv(records), `${resource ?? 'export'}.csv`);
};
