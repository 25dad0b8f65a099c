/** Table types of factor migrations (schema migration 0009_factor_migrations), merged into DatabaseSchema. */
import type { Generated } from 'kysely';
import type { FactorMigrationStatus } from '../../core/api';
import type { DbJson } from '../db/schema';

export interface FactorMigrationsTable {
  id: Generated<number>;
  mandant_id: number;
  from_database_id: number | null;
  to_database_id: number;
  status: FactorMigrationStatus;
  created_by: number | null;
  created_by_name: string | null;
  applied_by: number | null;
  applied_by_name: string | null;
  rolled_back_by: number | null;
  /** FactorMigrationSummary */
  summary: DbJson;
  created_at: string;
  updated_at: string;
  applied_at: string | null;
  rolled_back_at: string | null;
  version: Generated<number>;
}

export interface FactorMigrationItemsTable {
  id: Generated<number>;
  migration_id: number;
  mandant_id: number;
  calculation_id: number;
  number: string;
  title: string;
  template_id: string;
  /** CalculationSnapshot: the calculation's migrated fields at preview time. */
  before: DbJson;
  before_version: number;
  total_before: number;
  total_after: number | null;
  difference: number | null;
  percent: number | null;
  after_version: number | null;
  excluded: string | null;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    factor_migrations: FactorMigrationsTable;
    factor_migration_items: FactorMigrationItemsTable;
  }
}
