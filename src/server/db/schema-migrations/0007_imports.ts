/**
 * CSV imports (issue 5): the job record and its row errors. Imported calculations point back
 * through calculations.import_id (a plain integer column since 0002; indexed here for undo).
 */
import { jsonType, TIMESTAMP, type MigrationDb } from './columns';
import {
  createIdTable,
  mandantReference,
  userReference,
  recordTimestamps,
  versionColumn,
  createIndexOn,
} from './building-blocks';

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
  await createIndexOn(db, 'imports', 'imports_mandant_created_idx', ['mandant_id', 'created_at']);
  await createIndexOn(db, 'imports', 'imports_status_idx', ['status']);

  await createIdTable(db, 'import_errors')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row', 'integer', (c) => c.notNull())
    .addColumn('column', 'text')
    .addColumn('value', 'text')
    .addColumn('message_key', 'text', (c) => c.notNull())
    // Params plus the message in every language, so the list renders in the reader's language.
    .addColumn('params', jsonType(db), (c) => c.notNull())
    .execute();
  await createIndexOn(db, 'import_errors', 'import_errors_import_idx', ['import_id', 'row']);

  await createIndexOn(db, 'calculations', 'calculations_import_idx', ['import_id']);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('calculations_import_idx').ifExists().execute();
  await db.schema.dropTable('import_errors').ifExists().execute();
  await db.schema.dropTable('imports').ifExists().execute();
}
