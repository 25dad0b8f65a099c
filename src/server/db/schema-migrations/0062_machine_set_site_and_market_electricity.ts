/**
 * Issue 33, item 3: the printer's site reaches the job, and electricity is told apart location- and market-based.
 *
 * A machine set records the mandant's annual site footprint once (heating, lighting, compressed air, air conditioning,
 * IT: what no machine figure covers) with the key it is allocated to jobs by; the set is the record because a job
 * already cites the set it was computed with, so its overhead share stays reproducible like its machine figures.
 *
 * The energy contract gains the share covered by guarantees of origin and the residual-mix factor for the rest
 * (market-based), and the grid factor of the region (location-based), each with its source.
 */
import type { MigrationDb } from './columns';

const COLUMNS = [
  ['site_kg_co2e', 'double precision'],
  ['site_allocation_key', 'text'],
  ['site_annual_amount', 'double precision'],
  ['site_year', 'integer'],
  ['electricity_go_share', 'double precision'],
  ['electricity_residual_factor', 'double precision'],
  ['electricity_location_factor', 'double precision'],
] as const;
const TEXT_COLUMNS = ['site_source', 'electricity_residual_source', 'electricity_location_source'] as const;

export async function up(db: MigrationDb): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('machine_sets').addColumn(name, type).execute();
  for (const name of TEXT_COLUMNS)
    await db.schema
      .alterTable('machine_sets')
      .addColumn(name, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const name of [...COLUMNS.map(([column]) => column), ...TEXT_COLUMNS])
    await db.schema.alterTable('machine_sets').dropColumn(name).execute();
}
