/**
 * Factor migrations (issue 6): moving a mandant's calculations from one factor database to another.
 * A migration is previewed first; its items keep each calculation's state before, so an applied
 * migration can be rolled back exactly. Items carry mandant_id so they scope (and distribute) by tenant.
 */
import { jsonType, type MigrationDb } from './columns';
import {
  createIdTable,
  factorMigrationActors,
  factorMigrationTail,
  mandantReference,
  createIndexOn,
} from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'factor_migrations')
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('from_database_id', 'integer', (c) => c.references('factor_databases.id').onDelete('set null'))
    .addColumn('to_database_id', 'integer', (c) => c.notNull().references('factor_databases.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) => c.notNull())
    .$call(factorMigrationActors)
    .addColumn('summary', jsonType(db), (c) => c.notNull())
    .$call(factorMigrationTail)
    .execute();
  await createIndexOn(db, 'factor_migrations', 'factor_migrations_mandant_idx', ['mandant_id', 'created_at']);

  await createIdTable(db, 'factor_migration_items')
    .addColumn('migration_id', 'integer', (c) => c.notNull().references('factor_migrations.id').onDelete('cascade'))
    .addColumn('mandant_id', 'integer', (c) => c.notNull())
    // No foreign key: a deleted calculation must make a rollback refuse, not silently drop its item.
    .addColumn('calculation_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    // database_id, results, total_co2e, version, updated_at, updated_by of the calculation at preview time.
    .addColumn('before', jsonType(db), (c) => c.notNull())
    .addColumn('before_version', 'integer', (c) => c.notNull())
    .addColumn('total_before', 'double precision', (c) => c.notNull())
    .addColumn('total_after', 'double precision')
    .addColumn('difference', 'double precision')
    .addColumn('percent', 'double precision')
    /** The calculation's version after apply: rollback is refused if it moved on. */
    .addColumn('after_version', 'integer')
    /** Why the calculation is left out (`frozen`, or `invalid: …`); null for a migrated one. */
    .addColumn('excluded', 'text')
    .execute();
  await createIndexOn(db, 'factor_migration_items', 'factor_migration_items_migration_idx', [
    'migration_id',
    'calculation_id',
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('factor_migration_items').ifExists().execute();
  await db.schema.dropTable('factor_migrations').ifExists().execute();
}
