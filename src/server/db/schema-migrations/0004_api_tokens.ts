/** Personal API tokens for integrations: only the SHA-256 of a token is stored, like session tokens. */
import { TIMESTAMP, type MigrationDb } from './columns';
import { createIdTable, createIndexOn } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'api_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('last_used_at', TIMESTAMP)
    .addColumn('revoked_at', TIMESTAMP)
    .execute();
  await createIndexOn(db, 'api_tokens', 'api_tokens_user_id_idx', ['user_id']);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('api_tokens').ifExists().execute();
}
