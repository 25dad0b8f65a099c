/**
 * Storefronts (issue 39): a mandant's public calculator for its own shop. Offers and origins are JSON; the publishable
 * key is unique, as the public routes find the storefront by it.
 */
import { jsonType, type MigrationDb } from './columns';
import { createIdTable, createIndexOn, editableRecordTail, mandantReference } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'storefronts')
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('offers', jsonType(db), (c) => c.notNull())
    .addColumn('origins', jsonType(db), (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('contribution_project_id', 'integer', (c) => c.references('offset_projects.id').onDelete('set null'))
    .addColumn('publishable_key', 'text', (c) => c.notNull().unique())
    .$call(editableRecordTail)
    .execute();
  await createIndexOn(db, 'storefronts', 'storefronts_mandant_idx', ['mandant_id']);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('storefronts').ifExists().execute();
}
