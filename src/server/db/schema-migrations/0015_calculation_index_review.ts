/**
 * Fewer index entries per calculation write. Every bulk write (an import inserts, a migration and
 * its rollback update every row; total_co2e and updated_at are indexed, so no update is HOT on
 * PostgreSQL) pays for each index of `calculations`; EXPLAIN ANALYZE of a 100,000-row migration on
 * PostgreSQL spent most of its UPDATE in index maintenance.
 * - calculations_mandant_created_idx (mandant_id, created_at) is a prefix of calculations_stats_idx
 *   (mandant_id, created_at, total_co2e, template_id, customer), which serves the same list order.
 * - duplicated_from and import_id are NULL for most calculations, and the only readers look for one
 *   value (ON DELETE SET NULL of duplicated_from; undo of one import): partial indexes leave the
 *   NULL rows out, so those rows no longer write entries into them. Both databases use an index
 *   `WHERE x IS NOT NULL` for `x = ?`.
 */
import { sql } from 'kysely';
import type { MigrationDb } from './columns';
import { createIndexOn } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('calculations_mandant_created_idx').ifExists().execute();
  await db.schema.dropIndex('calculations_duplicated_from_idx').ifExists().execute();
  await db.schema.dropIndex('calculations_import_idx').ifExists().execute();
  await sql`create index calculations_duplicated_from_idx on calculations (duplicated_from) where duplicated_from is not null`.execute(
    db,
  );
  await sql`create index calculations_import_idx on calculations (import_id) where import_id is not null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('calculations_import_idx').ifExists().execute();
  await db.schema.dropIndex('calculations_duplicated_from_idx').ifExists().execute();
  await createIndexOn(db, 'calculations', 'calculations_import_idx', ['import_id']);
  await createIndexOn(db, 'calculations', 'calculations_duplicated_from_idx', ['duplicated_from']);
  await createIndexOn(db, 'calculations', 'calculations_mandant_created_idx', ['mandant_id', 'created_at']);
}
