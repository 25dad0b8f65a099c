/**
 * Invitations: an admin invites a person by address; the person sets their own password through a
 * single-use link. Only open invitations are rows here (accepting or revoking removes the row; the
 * protocol keeps the history). Only the SHA-256 of the link's token is stored.
 */
import { TIMESTAMP, type MigrationDb } from './columns';
import { createIdTable, userReference, editableRecordTail, createIndexOn } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'invitations')
    // null: an invitation to become a provider admin. A deleted mandant takes its open invitations along.
    .addColumn('mandant_id', 'integer', (c) => c.references('mandants.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', userReference)
    .addColumn('sent_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .$call(editableRecordTail)
    .execute();
  await createIndexOn(db, 'invitations', 'invitations_mandant_email_idx', ['mandant_id', 'email']);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('invitations').ifExists().execute();
}
