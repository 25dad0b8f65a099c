/**
 * Migrations onto another machine set (issue 21): a migration names the machine set it takes calculations from and
 * the one it moves them to, and the snapshot of each migrated calculation keeps the set it read, which rollback
 * writes back. No foreign keys: a migration is history, and a machine set it names may be deleted (a draft never
 * is a target) without the history stopping it — as factor_migration_snapshots holds no keys either.
 */
import type { MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('factor_migrations').addColumn('from_machine_set_id', 'integer').execute();
  await db.schema.alterTable('factor_migrations').addColumn('to_machine_set_id', 'integer').execute();
  await db.schema.alterTable('factor_migration_snapshots').addColumn('machine_set_id', 'integer').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('factor_migration_snapshots').dropColumn('machine_set_id').execute();
  await db.schema.alterTable('factor_migrations').dropColumn('to_machine_set_id').execute();
  await db.schema.alterTable('factor_migrations').dropColumn('from_machine_set_id').execute();
}
