/**
 * CSV imports (issue 5): the job record and its row errors. Imported calculations point back
 * through calculations.import_id (a plain integer column since 0002; indexed here for undo).
 */
import { jsonType, TIMESTAMP, type MigrationDb } from './columns';
import { createIdTable, mandantReference, userReference, recordTimestamps, versionColumn } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'imports')
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('created_by', 'integer', userReference)
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('database_id', 'integer')
    .addColumn('mapping', jsonType(db), (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('encoding', 'text')
    .addColumn('delimiter', 'text')
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_ok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .$call(recordTimestamps)
    .addColumn('finished_at', TIMESTAMP)
    .$call(versionColumn)
    .execute();
  await db.schema
    .createIndex('imports_mandant_created_idx')
    .on('imports')
    .columns(['mandant_id', 'created_at'])
    .execute();
  await db.schema.createIndex('imports_status_idx').on('imports').column('status').execute();

  await createIdTable(db, 'import_errors')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row', 'integer', (c) => c.notNull())
    .addColumn('column', 'text')
    .addColumn('value', 'text')
    .addColumn('message_key', 'text', (c) => c.notNull())
    // Params plus the message in every language, so the list renders in the reader's language.
    .addColumn('params', jsonType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_errors_import_idx').on('import_errors').columns(['import_id', 'row']).execute();

  await db.schema.createIndex('calculations_import_idx').on('calculations').column('import_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('calculations_import_idx').ifExists().execute();
  await db.schema.dropTable('import_errors').ifExists().execute();
  await db.schema.dropTable('imports').ifExists().execute();
}
