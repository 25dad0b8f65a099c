/**
 * Published verification pages (issue 21, item 5): a footprint report or an offset certificate made readable without
 * sign-in at `/verify/<token>`. The token is stored as given, not hashed: unlike a sign-in link it grants nothing but
 * the page it names, and the people who published it must be able to copy the address and print it again as a QR
 * code. `snapshot` is what the page shows, frozen at publication, so later edits cannot change what was verified.
 */
import { jsonType, TIMESTAMP, type MigrationDb } from './columns';
import { createIdTable, mandantReference, userReference, createIndexOn } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'publications')
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    /** `calculations`, `collections` or `orders` (the API resource the subject belongs to). */
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('snapshot', jsonType(db), (c) => c.notNull())
    .addColumn('created_by', 'integer', userReference)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('revoked_at', TIMESTAMP)
    .execute();
  await createIndexOn(db, 'publications', 'publications_subject_idx', ['mandant_id', 'subject_type', 'subject_id']);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('publications').ifExists().execute();
}
