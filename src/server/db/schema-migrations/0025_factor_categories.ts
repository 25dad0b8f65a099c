/**
 * Names of factor categories (issue #20): a category a provider or mandant admin adds (`label_face`) has no name in
 * the message catalogue, so its admin gives it one in the five languages. Scoped like factor databases: mandant_id
 * null is the provider's name, seen by every mandant; a mandant's own name is seen by that mandant only and wins over
 * the provider's. The built-in categories keep their names in locales/ as the fallback.
 */
import { sql } from 'kysely';
import { TIMESTAMP, idColumn, jsonType, type MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('factor_categories')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('mandant_id', 'integer', (c) => c.references('mandants.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', jsonType(db), (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // One name per owner and key; NULL (the provider's) must collide with NULL, which a plain unique index lets pass.
  await db.schema
    .createIndex('factor_categories_owner_key_uq')
    .on('factor_categories')
    .unique()
    .expression(sql`coalesce(mandant_id, 0), key`)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('factor_categories').ifExists().execute();
}
