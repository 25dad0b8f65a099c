/** Mandants, users, sessions, password resets and login attempts. */
import { sql } from 'kysely';
import { jsonType, TIMESTAMP, type MigrationDb } from './columns';
import { createIdTable, editableRecordTail, createLoginAttemptsTable } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'mandants')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .addColumn('settings', jsonType(db), (c) => c.notNull().defaultTo('{}'))
    .$call(editableRecordTail)
    .execute();

  await createIdTable(db, 'users')
    .addColumn('mandant_id', 'integer', (c) => c.references('mandants.id').onDelete('restrict'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('de'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .$call(editableRecordTail)
    .execute();
  await db.schema.createIndex('users_mandant_id_idx').on('users').columns(['mandant_id', 'id']).execute();
  await db.schema.createIndex('users_mandant_name_idx').on('users').columns(['mandant_id', 'name']).execute();
  await db.schema.createIndex('users_mandant_email_idx').on('users').columns(['mandant_id', 'email']).execute();

  await createIdTable(db, 'sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('revoked_at', TIMESTAMP)
    .addColumn('last_seen_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('used_at', TIMESTAMP)
    .execute();
  await db.schema.createIndex('password_resets_user_id_idx').on('password_resets').column('user_id').execute();

  await createLoginAttemptsTable(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['login_attempts', 'password_resets', 'sessions', 'users', 'mandants']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
