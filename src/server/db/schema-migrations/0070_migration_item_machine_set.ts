/**
 * Issue 33, item 3: a factor or template migration computes each calculation with the machine set a save would use
 * (the set it read, else the mandant's current one), so a calculation that read none may read the current set after
 * the migration, e.g. its recorded site footprint. The item keeps the set its results read, and apply writes it.
 *
 * Existing rows are filled so nothing already previewed or applied changes meaning:
 * - items of a previewed `database` or `template` migration kept each calculation's set: the set it reads now (apply
 *   refuses a calculation that moved on anyway); `machine_set` items are applied with the migration's target set;
 * - snapshots of `database` and `template` migrations written before 0028 have no set: the one the calculation reads
 *   now, where it can still be rolled back (its version one more than the snapshot's), since those kinds never
 *   changed it (a null set stays null). Rollback then restores the snapshot's set for every kind.
 */
import { sql } from 'kysely';
import type { MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('factor_migration_items').addColumn('after_machine_set_id', 'integer').execute();
  await sql`update factor_migration_items set after_machine_set_id = (
      select calculation_state.machine_set_id from calculation_state
      where calculation_state.calculation_id = factor_migration_items.calculation_id)
    where excluded is null and migration_id in (select id from factor_migrations where kind <> 'machine_set')`.execute(
    db,
  );
  await sql`update factor_migration_snapshots set machine_set_id = (
      select calculation_state.machine_set_id from calculation_state
      where calculation_state.calculation_id = factor_migration_snapshots.calculation_id
        and calculation_state.version = factor_migration_snapshots.version + 1)
    where machine_set_id is null
      and migration_id in (select id from factor_migrations where kind <> 'machine_set')`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('factor_migration_items').dropColumn('after_machine_set_id').execute();
}
