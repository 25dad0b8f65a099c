/**
 * Devices that have signed in to an account before (auth/login-throttle.ts, issue #32 finding 10): the browser keeps
 * a random device token in an HttpOnly cookie, the database its SHA-256 and the accounts that signed in with it. A
 * sign-in from such a device is counted on that device alone, so guesses from the same address cannot lock its owner
 * out. The device's own failures live in login_throttle (scope 'device'), like every other counter.
 */
import { TIMESTAMP, type MigrationDb } from './columns';
import { createIndexOn } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('login_devices')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('last_success_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('login_devices_pkey', ['token_hash', 'email'])
    .execute();
  await createIndexOn(db, 'login_devices', 'login_devices_last_success_at_idx', ['last_success_at']);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('login_devices').execute();
}
