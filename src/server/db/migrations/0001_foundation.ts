/** Mandants, users, sessions, password resets and login attempts. */
import { sql } from 'kysely';
import { idColumn, jsonType, TIMESTAMP, type MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('mandants')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .addColumn('settings', jsonType(db), (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('mandant_id', 'integer', (c) => c.references('mandants.id').onDelete('restrict'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('de'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('users_mandant_id_idx').on('users').columns(['mandant_id', 'id']).execute();
  await db.schema.createIndex('users_mandant_name_idx').on('users').columns(['mandant_id', 'name']).execute();
  await db.schema.createIndex('users_mandant_email_idx').on('users').columns(['mandant_id', 'email']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', idColumn(db))
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

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', TIMESTAMP, (c) => c.notNull())
    .addColumn('success', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_email_at_idx').on('login_attempts').columns(['email', 'at']).execute();
  await db.schema.createIndex('login_attempts_ip_at_idx').on('login_attempts').columns(['ip', 'at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['login_attempts', 'password_resets', 'sessions', 'users', 'mandants']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
