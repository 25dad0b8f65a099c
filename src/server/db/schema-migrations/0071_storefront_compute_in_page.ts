/**
 * Issue 39: a storefront may stop computing in the shop's page. A mandant whose factor database is licensed without the
 * right to publish single values turns it off; the config then carries no factor or machine figure and the calculator
 * shows the server's quote only. Existing storefronts keep computing in the page, as before.
 */
import { sql } from 'kysely';
import type { MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('storefronts')
    .addColumn('compute_in_page', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('storefronts').dropColumn('compute_in_page').execute();
}
