/** Rows of factor_migrations / factor_migration_items → API records (their schemas are in core/api/migrations.ts). */
import { FactorMigrationItemRecord, FactorMigrationRecord, type FactorMigrationSummary } from '../../core/api';
import { recordFromRow } from '../db/values';
import './tables';

type Row = Record<string, unknown>;

export const EMPTY_SUMMARY: FactorMigrationSummary = { count: 0, excluded: 0, total_before: 0, total_after: 0, difference: 0, percent: null };

export function toMigrationRecord(row: Row): FactorMigrationRecord {
  return recordFromRow(FactorMigrationRecord, row, { kind: 'database', summary: EMPTY_SUMMARY });
}

export function toMigrationItemRecord(row: Row): FactorMigrationItemRecord {
  return recordFromRow(FactorMigrationItemRecord, row);
}
