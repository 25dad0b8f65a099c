/**
 * Template versions created in the app by provider admins (the template editor). Shipped files in
 * `schemas/templates/` stay files; this table holds only what the app created, so the registry
 * merges both. `updated_at` moves on every change so other processes notice with one cheap query.
 */
import { jsonType, TIMESTAMP, type MigrationDb } from './columns';
import { createIdTable, userReference } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'template_versions')
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('definition', jsonType(db), (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('app'))
    .addColumn('created_by', 'integer', userReference)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('published_at', TIMESTAMP)
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('template_versions_id_version_unique', ['template_id', 'version'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('template_versions').ifExists().execute();
}
