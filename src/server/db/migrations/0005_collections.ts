/**
 * Collections: a mandant's named sets of calculations. Membership rows carry the mandant so a
 * collection can only ever hold calculations of its own mandant (checked on write, indexed per mandant).
 */
import { idColumn, jsonType, TIMESTAMP, type MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('mandant_id', 'integer', (c) => c.notNull().references('mandants.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('tags', jsonType(db), (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('collections_mandant_name_idx').on('collections').columns(['mandant_id', 'name']).execute();
  await db.schema.createIndex('collections_mandant_updated_idx').on('collections').columns(['mandant_id', 'updated_at']).execute();

  await db.schema
    .createTable('collection_calculations')
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('calculation_id', 'integer', (c) => c.notNull().references('calculations.id').onDelete('cascade'))
    .addColumn('mandant_id', 'integer', (c) => c.notNull())
    .addColumn('added_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_calculations_pk', ['collection_id', 'calculation_id'])
    .execute();
  await db.schema
    .createIndex('collection_calculations_calculation_idx')
    .on('collection_calculations')
    .columns(['calculation_id', 'collection_id'])
    .execute();

  // One row per tag of a collection (derived from collections.tags), behind the list's tag filter.
  await db.schema
    .createTable('collection_tags')
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('mandant_id', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_tags_pk', ['tag', 'mandant_id', 'collection_id'])
    .execute();
  await db.schema.createIndex('collection_tags_collection_idx').on('collection_tags').column('collection_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['collection_tags', 'collection_calculations', 'collections']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
