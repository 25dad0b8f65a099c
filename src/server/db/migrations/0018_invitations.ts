/**
 * Invitations: an admin invites a person by address; the person sets their own password through a
 * single-use link. Only open invitations are rows here (accepting or revoking removes the row; the
 * protocol keeps the history). Only the SHA-256 of the link's token is stored.
 */
import { idColumn, TIMESTAMP, type MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', idColumn(db))
    // null: an invitation to become a provider admin. A deleted mandant takes its open invitations along.
    .addColumn('mandant_id', 'integer', (c) => c.references('mandants.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('invitations_mandant_email_idx').on('invitations').columns(['mandant_id', 'email']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('invitations').ifExists().execute();
}
