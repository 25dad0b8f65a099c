/**
 * Factor databases, factors, calculations and the per-mandant calculation number counters.
 * Global factor databases have mandant_id NULL; calculations always belong to one mandant.
 */
import { sql } from 'kysely';
import { idColumn, jsonType, TIMESTAMP, type MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('factor_databases')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('mandant_id', 'integer', (c) => c.references('mandants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version_label', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('valid_from', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('based_on_id', 'integer', (c) => c.references('factor_databases.id').onDelete('set null'))
    .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('factor_databases_mandant_idx').on('factor_databases').columns(['mandant_id', 'status']).execute();

  await db.schema
    .createTable('factors')
    .addColumn('id', 'integer', idColumn(db))
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
  await db.schema.createIndex('factors_database_category_idx').on('factors').columns(['database_id', 'category', 'key']).execute();

  // One row per mandant and year; `last` is bumped atomically by an upsert to allocate numbers.
  await db.schema
    .createTable('calculation_counters')
    .addColumn('mandant_id', 'integer', (c) => c.notNull().references('mandants.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('calculation_counters_pk', ['mandant_id', 'year'])
    .execute();

  await db.schema
    .createTable('calculations')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('mandant_id', 'integer', (c) => c.notNull().references('mandants.id').onDelete('restrict'))
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
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
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
    await db.schema.createIndex(name).on('calculations').columns(columns).execute();
  }
  await db.schema.createIndex('calculations_duplicated_from_idx').on('calculations').column('duplicated_from').execute();

  // The tags of each calculation, one row per tag: the index behind the list's tag filter (the
  // JSON column stays the record's value; scanning it would read every wide calculation row).
  await db.schema
    .createTable('calculation_tags')
    .addColumn('calculation_id', 'integer', (c) => c.notNull().references('calculations.id').onDelete('cascade'))
    .addColumn('mandant_id', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calculation_tags_pk', ['tag', 'mandant_id', 'calculation_id'])
    .execute();
  await db.schema.createIndex('calculation_tags_calculation_idx').on('calculation_tags').column('calculation_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['calculation_tags', 'calculations', 'calculation_counters', 'factors', 'factor_databases']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
