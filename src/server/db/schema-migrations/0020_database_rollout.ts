/**
 * The provider admin rolls a published global factor database out to all mandants: from then on new calculations
 * and imports of every mandant that has not pinned its own default use it (core/factor-database-default.ts).
 * The newest roll-out wins, so the column keeps when each database was rolled out instead of a flag to clear.
 */
import { TIMESTAMP, type MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('factor_databases').addColumn('rolled_out_at', TIMESTAMP).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('factor_databases').dropColumn('rolled_out_at').execute();
}
