/**
 * The GWP set a factor database's CO2e figures use (issue 33, item 4), e.g. "IPCC AR6 GWP100": reports state it beside
 * the database, since figures computed with different sets are not comparable. Empty: not stated (the reports say so).
 */
import type { MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('factor_databases')
    .addColumn('gwp_set', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('factor_databases').dropColumn('gwp_set').execute();
}
