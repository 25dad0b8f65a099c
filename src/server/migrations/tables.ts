/** Table types of migrations (schema migrations 0009_factor_migrations, 0012_migration_kinds and 0028_machine_set_migrations), merged into DatabaseSchema. */
import type { Generated } from 'kysely';
import type { FactorMigrationStatus, MigrationKind } from '../../core/api';
import type { DbJson } from '../db/schema';

export interface FactorMigrationsTable {
  id: Generated<number>;
  mandant_id: number;
  kind: MigrationKind;
  from_database_id: number | null;
  to_database_id: number | null;
  template_id: string | null;
  from_template_version: number | null;
  to_template_version: number | null;
  from_machine_set_id: number | null;
  to_machine_set_id: number | null;
  /** The calculations-list filter (JSON object) or null. */
  filter: DbJson | null;
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
  /** The calculation's version the preview computed from: apply refuses if it moved on. */
  before_version: number;
  total_before: number;
  total_after: number | null;
  difference: number | null;
  percent: number | null;
  /** The calculation's stored results after the migration, as computed by the preview (null when excluded). */
  after_results: DbJson | null;
  /** Kind `template`: the inputs carried over to the target version (null otherwise). */
  after_inputs: DbJson | null;
  /**
   * Kinds `database` and `template`: the machine set the results after read (schema migration 0070) — the one a save
   * would use, which for a calculation that read none is the mandant's current set. Null: they read none.
   */
  after_machine_set_id: number | null;
  /** Why the calculation is left out: `frozen`, or a sentence in the previewer's language; null for a migrated one. */
  excluded: string | null;
}

/** The migrated columns of each calculation exactly as they were when the migration was applied; rollback writes them back. */
export interface FactorMigrationSnapshotsTable {
  migration_id: number;
  calculation_id: number;
  mandant_id: number;
  database_id: number;
  template_version: number;
  template_type: string;
  /** Kind `template` only (a factor migration does not change the inputs). */
  inputs: DbJson | null;
  results: DbJson;
  total_co2e: number;
  /** The machine set the calculation read (snapshots written before 0028 were filled in by 0070). */
  machine_set_id: Generated<number | null>;
  version: number;
  updated_at: string;
  updated_by: number | null;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    factor_migrations: FactorMigrationsTable;
    factor_migration_items: FactorMigrationItemsTable;
    factor_migration_snapshots: FactorMigrationSnapshotsTable;
  }
}
