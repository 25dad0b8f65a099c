/**
 * Factor databases, factors, calculations and the per-mandant calculation number counters.
 * Global factor databases have mandant_id NULL; calculations always belong to one mandant.
 */
import { sql } from 'kysely';
import { jsonType, type MigrationDb } from './columns';
import {
  createIdTable,
  mandantReference,
  userReference,
  editableRecordTail,
  createYearCounterTable,
  createTagTable,
  createIndexOn,
} from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'factor_databases')
    .addColumn('mandant_id', 'integer', (c) => c.references('mandants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version_label', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('valid_from', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('based_on_id', 'integer', (c) => c.references('factor_databases.id').onDelete('set null'))
    .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .$call(editableRecordTail)
    .execute();
  await createIndexOn(db, 'factor_databases', 'factor_databases_mandant_idx', ['mandant_id', 'status']);

  await createIdTable(db, 'factors')
    .addColumn('database_id', 'integer', (c) => c.notNull().references('factor_databases.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('label', jsonType(db), (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('year', 'integer')
    .addColumn('region', 'text')
    .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addUniqueConstraint('factors_database_key_uq', ['database_id', 'key'])
    .execute();
  await createIndexOn(db, 'factors', 'factors_database_category_idx', ['database_id', 'category', 'key']);

  await createYearCounterTable(db, 'calculation_counters');

  await createIdTable(db, 'calculations')
    .addColumn('mandant_id', 'integer', mandantReference('restrict'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('template_type', 'text', (c) => c.notNull())
    .addColumn('database_id', 'integer', (c) => c.notNull().references('factor_databases.id').onDelete('restrict'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('customer', 'text')
    .addColumn('tags', jsonType(db), (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('inputs', jsonType(db), (c) => c.notNull())
    .addColumn('results', jsonType(db), (c) => c.notNull())
    .addColumn('total_co2e', 'double precision', (c) => c.notNull())
    .addColumn('created_by', 'integer', userReference)
    .addColumn('updated_by', 'integer', userReference)
    .$call(editableRecordTail)
    .addColumn('duplicated_from', 'integer', (c) => c.references('calculations.id').onDelete('set null'))
    // References the imports table once it exists (later issue); plain integer until then.
    .addColumn('import_id', 'integer')
    .addColumn('frozen', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addUniqueConstraint('calculations_mandant_number_uq', ['mandant_id', 'number'])
    .execute();
  // Every list query is per mandant: each index leads with mandant_id, then the filter, then the sort.
  const indexes: Record<string, string[]> = {
    calculations_mandant_template_idx: ['mandant_id', 'template_id', 'total_co2e'],
    calculations_mandant_type_idx: ['mandant_id', 'template_type', 'created_at'],
    calculations_mandant_total_idx: ['mandant_id', 'total_co2e'],
    calculations_mandant_created_idx: ['mandant_id', 'created_at'],
    calculations_mandant_updated_idx: ['mandant_id', 'updated_at'],
    calculations_mandant_status_idx: ['mandant_id', 'status', 'created_at'],
    // Covers the `q` search (number, title, customer) so it scans this index, not the wide rows; also sorts by title.
    calculations_mandant_search_idx: ['mandant_id', 'title', 'number', 'customer'],
  };
  for (const [name, columns] of Object.entries(indexes)) {
    await createIndexOn(db, 'calculations', name, columns);
  }
  await createIndexOn(db, 'calculations', 'calculations_duplicated_from_idx', ['duplicated_from']);

  // The tags of each calculation, one row per tag: the index behind the list's tag filter (the
  // JSON column stays the record's value; scanning it would read every wide calculation row).
  await createTagTable(db, 'calculation_tags', 'calculation');
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['calculation_tags', 'calculations', 'calculation_counters', 'factors', 'factor_databases']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
