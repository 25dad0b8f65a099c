/**
 * Carbon offset projects (a global catalogue) and orders of offsets (per mandant).
 * Quantities are integer kg (0.001 t) and money integer minor units: stock can be reserved with
 * one conditional UPDATE and never drifts through floating-point rounding.
 */
import { sql } from 'kysely';
import { jsonType, TIMESTAMP, type MigrationDb } from './columns';
import {
  createIdTable,
  mandantReference,
  userReference,
  editableRecordTail,
  createYearCounterTable,
  createIndexOn,
} from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'offset_projects')
    .addColumn('name', jsonType(db), (c) => c.notNull())
    .addColumn('description', jsonType(db), (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('project_type', 'text', (c) => c.notNull())
    .addColumn('standard', 'text', (c) => c.notNull())
    .addColumn('registry_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('registry_url', 'text')
    .addColumn('vintage', 'integer', (c) => c.notNull())
    .addColumn('price_per_tonne_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // bigint: a project's stock in kg may exceed 2^31 (2.1 Mt).
    .addColumn('tonnes_available_kg', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sdgs', jsonType(db), (c) => c.notNull().defaultTo('[]'))
    .addColumn('image_url', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .$call(editableRecordTail)
    .addCheckConstraint('offset_projects_stock_ck', sql`tonnes_available_kg >= 0`)
    .execute();

  await createYearCounterTable(db, 'order_counters');

  await createIdTable(db, 'orders')
    .addColumn('mandant_id', 'integer', mandantReference('restrict'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('offset_projects.id').onDelete('restrict'))
    .addColumn('calculation_id', 'integer', (c) => c.references('calculations.id').onDelete('set null'))
    // The collections table belongs to another module; a plain integer keeps the migrations independent.
    .addColumn('collection_id', 'integer')
    .addColumn('calculation_ids', jsonType(db), (c) => c.notNull())
    .addColumn('co2e_kg', 'double precision', (c) => c.notNull())
    .addColumn('tonnes_kg', 'bigint', (c) => c.notNull())
    .addColumn('price_per_tonne_minor', 'integer', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('certificate_number', 'text', (c) => c.unique())
    .addColumn('issued_to', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', userReference)
    .addColumn('placed_at', TIMESTAMP)
    .addColumn('completed_at', TIMESTAMP)
    .$call(editableRecordTail)
    .addUniqueConstraint('orders_mandant_number_uq', ['mandant_id', 'number'])
    .addCheckConstraint('orders_tonnes_ck', sql`tonnes_kg > 0`)
    .execute();
  await createIndexOn(db, 'orders', 'orders_mandant_status_idx', ['mandant_id', 'status', 'created_at']);
  await createIndexOn(db, 'orders', 'orders_project_idx', ['project_id']);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('order_counters').execute();
  await db.schema.dropTable('offset_projects').execute();
}
