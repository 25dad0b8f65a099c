/** Mandants, users, sessions, password resets and login attempts. */
import { sql } from 'kysely';
import { jsonType, TIMESTAMP, type MigrationDb } from './columns';
import { createIdTable, editableRecordTail, createLoginAttemptsTable, createIndexOn } from './building-blocks';

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
  await createIndexOn(db, 'users', 'users_mandant_id_idx', ['mandant_id', 'id']);
  await createIndexOn(db, 'users', 'users_mandant_name_idx', ['mandant_id', 'name']);
  await createIndexOn(db, 'users', 'users_mandant_email_idx', ['mandant_id', 'email']);

  await createIdTable(db, 'sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('revoked_at', TIMESTAMP)
    .addColumn('last_seen_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await createIndexOn(db, 'sessions', 'sessions_user_id_idx', ['user_id']);

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('used_at', TIMESTAMP)
    .execute();
  await createIndexOn(db, 'password_resets', 'password_resets_user_id_idx', ['user_id']);

  await createLoginAttemptsTable(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['login_attempts', 'password_resets', 'sessions', 'users', 'mandants']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
