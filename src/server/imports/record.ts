/** imports rows → API records, and the JSON schema of a record. */
import type { ImportMode, ImportRecord, ImportStatus } from '../../core/api';
import type { DbJson } from '../db/schema';
import { parseJson } from '../db/values';
import './schema';

type Row = Record<string, unknown>;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const nullableString = (value: unknown) => (value === null || value === undefined ? null : String(value));

export function toImportRecord(row: Row): ImportRecord {
  return {
    id: Number(row.id),
    mandant_id: Number(row.mandant_id),
    created_by: nullableNumber(row.created_by),
    file_name: String(row.file_name),
    template_id: String(row.template_id),
    template_version: Number(row.template_version),
    database_id: nullableNumber(row.database_id),
    mapping: parseJson<Record<string, string | null>>(row.mapping as DbJson, {}),
    mode: row.mode as ImportMode,
    status: row.status as ImportStatus,
    encoding: nullableString(row.encoding),
    delimiter: nullableString(row.delimiter),
    rows_total: Number(row.rows_total),
    rows_ok: Number(row.rows_ok),
    rows_failed: Number(row.rows_failed),
    message: nullableString(row.message),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    finished_at: nullableString(row.finished_at),
    version: Number(row.version),
  };
}

export const importRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    mandant_id: { type: 'integer' },
    created_by: { type: ['integer', 'null'] },
    file_name: { type: 'string' },
    template_id: { type: 'string' },
    template_version: { type: 'integer' },
    database_id: { type: ['integer', 'null'] },
    mapping: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
    mode: { type: 'string' },
    status: { type: 'string' },
    encoding: { type: ['string', 'null'] },
    delimiter: { type: ['string', 'null'] },
    rows_total: { type: 'integer' },
    rows_ok: { type: 'integer' },
    rows_failed: { type: 'integer' },
    message: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    finished_at: { type: ['string', 'null'] },
    version: { type: 'integer' },
  },
  required: ['id', 'mandant_id', 'file_name', 'template_id', 'template_version', 'mapping', 'mode', 'status', 'rows_total', 'rows_ok', 'rows_failed', 'created_at', 'updated_at', 'version'],
} as const;

export const importRowErrorSchema = {
  type: 'object',
  properties: {
    row: { type: 'integer' },
    column: { type: ['string', 'null'] },
    value: { type: ['string', 'null'] },
    message_key: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['row', 'column', 'value', 'message_key', 'message'],
} as const;

/** The answer to `POST /api/imports` (ImportReport in core/api.ts). */
export const importReportSchema = {
  type: 'object',
  properties: {
    import: { anyOf: [importRecordSchema, { type: 'null' }] },
    dry_run: { type: 'boolean' },
    rows_total: { type: 'integer' },
    rows_ok: { type: 'integer' },
    rows_failed: { type: 'integer' },
    encoding: { type: 'string' },
    delimiter: { type: 'string' },
    mapping: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
    errors: { type: 'array', items: importRowErrorSchema },
  },
  required: ['import', 'dry_run', 'rows_total', 'rows_ok', 'rows_failed', 'encoding', 'delimiter', 'mapping', 'errors'],
} as const;
