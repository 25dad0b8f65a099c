/**
 * A factor's data quality (issue 33, item 5): whether it is primary data (measured by the mandant or its supplier) or
 * secondary (a database or publication), and how closely its technology matches the process (specific, average,
 * proxy). With its year and region they grade the factor by the pedigree table of core/data-quality.ts. Existing
 * factors are database values: secondary, of average technology.
 */
import type { MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('factors')
    .addColumn('data_type', 'text', (c) => c.notNull().defaultTo('secondary'))
    .execute();
  await db.schema
    .alterTable('factors')
    .addColumn('technology', 'text', (c) => c.notNull().defaultTo('average'))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('factors').dropColumn('technology').execute();
  await db.schema.alterTable('factors').dropColumn('data_type').execute();
}
