/** Rows of factor_migrations / factor_migration_items → API records, and their JSON schemas. */
import type { FactorMigrationItemRecord, FactorMigrationRecord, FactorMigrationStatus, FactorMigrationSummary, MigrationKind } from '../../core/api';
import type { DbJson } from '../db/schema';
import { parseJson } from '../db/values';
import './tables';

type Row = Record<string, unknown>;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const nullableText = (value: unknown) => (value === null || value === undefined ? null : String(value));

export const EMPTY_SUMMARY: FactorMigrationSummary = { count: 0, excluded: 0, total_before: 0, total_after: 0, difference: 0, percent: null };

export function toMigrationRecord(row: Row): FactorMigrationRecord {
  return {
    id: Number(row.id),
    mandant_id: Number(row.mandant_id),
    kind: (row.kind ?? 'database') as MigrationKind,
    from_database_id: nullableNumber(row.from_database_id),
    to_database_id: nullableNumber(row.to_database_id),
    template_id: nullableText(row.template_id),
    from_template_version: nullableNumber(row.from_template_version),
    to_template_version: nullableNumber(row.to_template_version),
    filter: parseJson<Record<string, unknown> | null>(row.filter as DbJson | null, null),
    status: row.status as FactorMigrationStatus,
    created_by: nullableNumber(row.created_by),
    created_by_name: nullableText(row.created_by_name),
    applied_by: nullableNumber(row.applied_by),
    applied_by_name: nullableText(row.applied_by_name),
    summary: parseJson<FactorMigrationSummary>(row.summary as DbJson, EMPTY_SUMMARY),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    applied_at: nullableText(row.applied_at),
    rolled_back_at: nullableText(row.rolled_back_at),
    version: Number(row.version),
  };
}

export function toMigrationItemRecord(row: Row): FactorMigrationItemRecord {
  return {
    id: Number(row.id),
    migration_id: Number(row.migration_id),
    mandant_id: Number(row.mandant_id),
    calculation_id: Number(row.calculation_id),
    number: String(row.number),
    title: String(row.title),
    template_id: String(row.template_id),
    total_before: Number(row.total_before),
    total_after: nullableNumber(row.total_after),
    difference: nullableNumber(row.difference),
    percent: nullableNumber(row.percent),
    excluded: nullableText(row.excluded),
  };
}

const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableNum = { type: ['number', 'null'] } as const;
const nullableStr = { type: ['string', 'null'] } as const;

export const migrationRecordSchema = {
  type: 'object',
  properties: {
    id: int,
    mandant_id: int,
    kind: { type: 'string', enum: ['database', 'template'] },
    from_database_id: nullableInt,
    to_database_id: nullableInt,
    template_id: nullableStr,
    from_template_version: nullableInt,
    to_template_version: nullableInt,
    filter: { type: ['object', 'null'], additionalProperties: true },
    status: { type: 'string' },
    created_by: nullableInt,
    created_by_name: nullableStr,
    applied_by: nullableInt,
    applied_by_name: nullableStr,
    summary: {
      type: 'object',
      properties: { count: int, excluded: int, total_before: { type: 'number' }, total_after: { type: 'number' }, difference: { type: 'number' }, percent: nullableNum },
    },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    applied_at: nullableStr,
    rolled_back_at: nullableStr,
    version: int,
  },
  required: ['id', 'mandant_id', 'kind', 'to_database_id', 'status', 'summary', 'created_at', 'version'],
} as const;

export const migrationItemRecordSchema = {
  type: 'object',
  properties: {
    id: int,
    migration_id: int,
    mandant_id: int,
    calculation_id: int,
    number: { type: 'string' },
    title: { type: 'string' },
    template_id: { type: 'string' },
    total_before: { type: 'number' },
    total_after: nullableNum,
    difference: nullableNum,
    percent: nullableNum,
    excluded: nullableStr,
  },
  required: ['id', 'migration_id', 'calculation_id', 'number', 'title', 'total_before', 'total_after', 'excluded'],
} as const;
