/** imports rows → API records (the record's schema is ImportRecord in core/api). */
import { ImportRecord } from '../../core/api';
import { recordOfRow } from '../db/values';
import './schema';

export const toImportRecord = recordOfRow(ImportRecord, { mapping: () => ({}) });
