/** Rows of factor_migrations / factor_migration_items → API records (their schemas are in core/api/migrations.ts). */
import { FactorMigrationItemRecord, FactorMigrationRecord, type FactorMigrationSummary } from '../../core/api';
import { recordOfRow } from '../db/values';
import './tables';

export const EMPTY_SUMMARY: FactorMigrationSummary = {
  count: 0,
  excluded: 0,
  total_before: 0,
  total_after: 0,
  difference: 0,
  percent: null,
};

export const toMigrationRecord = recordOfRow(FactorMigrationRecord, {
  kind: () => 'database',
  summary: () => EMPTY_SUMMARY,
});

export const toMigrationItemRecord = recordOfRow(FactorMigrationItemRecord);
