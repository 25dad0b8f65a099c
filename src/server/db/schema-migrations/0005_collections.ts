/**
 * Collections: a mandant's named sets of calculations. Membership rows carry the mandant so a
 * collection can only ever hold calculations of its own mandant (checked on write, indexed per mandant).
 */
import { jsonType, TIMESTAMP, type MigrationDb } from './columns';
import {
  createIdTable,
  mandantReference,
  userReference,
  editableRecordTail,
  createTagTable,
  createIndexOn,
} from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'collections')
    .addColumn('mandant_id', 'integer', mandantReference('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('tags', jsonType(db), (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer', userReference)
    .$call(editableRecordTail)
    .execute();
  await createIndexOn(db, 'collections', 'collections_mandant_name_idx', ['mandant_id', 'name']);
  await createIndexOn(db, 'collections', 'collections_mandant_updated_idx', ['mandant_id', 'updated_at']);

  await db.schema
    .createTable('collection_calculations')
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('calculation_id', 'integer', (c) => c.notNull().references('calculations.id').onDelete('cascade'))
    .addColumn('mandant_id', 'integer', (c) => c.notNull())
    .addColumn('added_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_calculations_pk', ['collection_id', 'calculation_id'])
    .execute();
  await createIndexOn(db, 'collection_calculations', 'collection_calculations_calculation_idx', [
    'calculation_id',
    'collection_id',
  ]);

  // One row per tag of a collection (derived from collections.tags), behind the list's tag filter.
  await createTagTable(db, 'collection_tags', 'collection');
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['collection_tags', 'collection_calculations', 'collections']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
