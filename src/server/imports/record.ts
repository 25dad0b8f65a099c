/** imports rows → API records (the record's schema is ImportRecord in core/api). */
import { ImportRecord } from '../../core/api';
import { recordFromRow } from '../db/values';
import './schema';

export function toImportRecord(row: Record<string, unknown>): ImportRecord {
  return recordFromRow(ImportRecord, row, { mapping: {} });
}
