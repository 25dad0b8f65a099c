/**
 * Login throttling by counters instead of a log of attempts (auth/login-throttle.ts).
 *
 * login_attempts held one row per attempt and was read with a count before the password check and
 * written after it, so guesses sent at the same moment all passed the check. It is replaced by
 * - login_throttle: one counter row per (scope, email, ip) — the pair, the client address, the
 *   account — that an attempt reserves atomically before the password check;
 * - login_known_addresses: the addresses each account has signed in from, which the per-address and
 *   per-account budgets leave alone so an attacker elsewhere cannot slow the owner down.
 * Old data: successful attempts become known addresses; failures the old limit still counted (its
 * 15-minute window) become counters, so an attack under way stays throttled across the upgrade.
 */
import { sql } from 'kysely';
import { TIMESTAMP, type MigrationDb } from './columns';
import { createLoginAttemptsTable, createIndexOn } from './building-blocks';

const OLD_WINDOW_MS = 15 * 60_000;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('scope', 'text', (c) => c.notNull())
    // '' where the scope does not use the column (the address scope has no email, the account scope no ip).
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('blocked_until', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('login_throttle_pkey', ['scope', 'email', 'ip'])
    .execute();
  await createIndexOn(db, 'login_throttle', 'login_throttle_last_failure_at_idx', ['last_failure_at']);

  await db.schema
    .createTable('login_known_addresses')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('last_success_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('login_known_addresses_pkey', ['email', 'ip'])
    .execute();
  await createIndexOn(db, 'login_known_addresses', 'login_known_addresses_last_success_at_idx', ['last_success_at']);

  await sql`
    insert into login_known_addresses (email, ip, last_success_at)
    select email, ip, max(at) from login_attempts where success group by email, ip
  `.execute(db);

  // `not success` and `success` read alike on SQLite (0/1) and PostgreSQL (boolean).
  const since = new Date(Date.now() - OLD_WINDOW_MS).toISOString();
  const recentFailures = sql`(
    select a.email, a.ip, a.at from login_attempts a
    where not a.success and a.at > ${since}
      and not exists (select 1 from login_attempts s where s.success and s.email = a.email and s.ip = a.ip and s.at > a.at)
  )`;
  await sql`
    insert into login_throttle (scope, email, ip, failures, last_failure_at, blocked_until)
    select 'pair', email, ip, count(*), max(at), max(at) from ${recentFailures} f group by email, ip
  `.execute(db);
  await sql`
    insert into login_throttle (scope, email, ip, failures, last_failure_at, blocked_until)
    select 'address', '', ip, count(*), max(at), max(at) from ${recentFailures} f group by ip
  `.execute(db);
  await sql`
    insert into login_throttle (scope, email, ip, failures, last_failure_at, blocked_until)
    select 'account', email, '', count(*), max(at), max(at) from ${recentFailures} f
    where not exists (select 1 from login_known_addresses k where k.email = f.email and k.ip = f.ip)
    group by email
  `.execute(db);

  await db.schema.dropTable('login_attempts').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await createLoginAttemptsTable(db);
  // Known addresses go back as successful attempts; counters cannot be turned back into single attempts.
  await sql`
    insert into login_attempts (email, ip, at, success)
    select email, ip, last_success_at, ${sql.lit(true)} from login_known_addresses
  `.execute(db);
  await db.schema.dropTable('login_known_addresses').execute();
  await db.schema.dropTable('login_throttle').execute();
}
