/**
 * A printer's own production data (issue 21): machine sets per mandant, versioned like factor databases (a draft is
 * edited, a published set is fixed), their machines, and the set each calculation's results read.
 */
import { sql } from 'kysely';
import { jsonType, TIMESTAMP, type MigrationDb } from './columns';
import { createIdTable, mandantReference, editableRecordTail, createIndexOn } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'machine_sets')
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version_label', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('based_on_id', 'integer', (c) => c.references('machine_sets.id').onDelete('set null'))
    .addColumn('current', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('electricity_factor', 'double precision')
    .addColumn('electricity_supplier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('electricity_source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('electricity_year', 'integer')
    .addColumn('electricity_region', 'text')
    .addColumn('published_at', TIMESTAMP)
    .$call(editableRecordTail)
    .addUniqueConstraint('machine_sets_label_key', ['mandant_id', 'name', 'version_label'])
    .execute();
  await createIdTable(db, 'machines')
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('set_id', 'integer', (c) => c.notNull().references('machine_sets.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('figures', jsonType(db), (c) => c.notNull())
    .$call(editableRecordTail)
    .addUniqueConstraint('machines_set_key', ['set_id', 'key'])
    .execute();
  await createIndexOn(db, 'machines', 'machines_mandant_idx', ['mandant_id', 'set_id']);
  await db.schema
    .alterTable('calculations')
    .addColumn('machine_set_id', 'integer', (c) => c.references('machine_sets.id'))
    .execute();
  await createIndexOn(db, 'calculations', 'calculations_machine_set_idx', ['machine_set_id']);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('calculations_machine_set_idx').ifExists().execute();
  await db.schema.alterTable('calculations').dropColumn('machine_set_id').execute();
  await db.schema.dropTable('machines').ifExists().execute();
  await db.schema.dropTable('machine_sets').ifExists().execute();
}
