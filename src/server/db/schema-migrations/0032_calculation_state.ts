/**
 * Storage shaped by how it is written (issue #22 item 1): what a migration rewrites moves out of the wide
 * calculation row into `calculation_state`, one row per calculation, keyed by calculation_id.
 *
 * A migration apply and its rollback rewrite results, total_co2e, database_id (or machine_set_id, or
 * template_version), version and updated_at/by of every affected calculation. In the wide row those columns sat
 * in 7 of its 14 index entries, so on PostgreSQL no such UPDATE could be HOT and every row wrote a new entry into
 * every index (tests/bench/storage-split: the apply's UPDATE of 100,000 rows 7.2 → 2.0 s on PostgreSQL, ~2× on
 * SQLite). The state row has only the indexes that read it:
 * - (mandant_id, total_co2e), (mandant_id, updated_at): the list sorted by total or by last change;
 * - (mandant_id, created_at, total_co2e): the totals and per-month statistics, from the index alone;
 * - (mandant_id, template_id, total_co2e): one template's list sorted by total;
 * - machine_set_id where not null: "is this machine set still in use" (machine sets' delete).
 * mandant_id, created_at and template_id are copies that never change after the insert (the indexes lead with them;
 * a calculation never changes its template): one template's list sorted by total walks (mandant, template, total)
 * — without it that page 40 took 250 ms on SQLite and 550 ms on PostgreSQL at 100,000 calculations instead of ~7.
 * machine_set_id moves too: a machine set migration rewrites it with the results, and on the wide row it was
 * indexed and reference-checked, so that migration could never be HOT either.
 *
 * Indexes of `calculations` that only served moved columns go (total, updated_at, machine set, the statistics'
 * covering indexes); the list's created_at and template orders get plain (mandant_id, …, created_at) indexes.
 * Triggers follow the columns: the tag rows' copies of created_at/total_co2e are kept from calculation_state;
 * PostgreSQL's statement-level reference checks (0026) of database_id and updated_by check the state table, and a
 * deleted calculation's state row goes with it (SQLite: a foreign key with ON DELETE CASCADE).
 * `down` moves the columns back (on SQLite nullable with defaults where the original had none: SQLite cannot add
 * a NOT NULL column without a default, nor a reference with one).
 */
import { sql } from 'kysely';
import { dialectOf, jsonType, TIMESTAMP, type MigrationDb } from './columns';
import {
  createTagSyncStatementTrigger,
  defineCalculationDeleteCascade,
  defineCalculationsReferenceCheck,
  defineUserDeleteSetNull,
  tagCopiesRewrite,
} from './building-blocks';

const MOVED = [
  'database_id',
  'machine_set_id',
  'template_version',
  'results',
  'total_co2e',
  'version',
  'updated_at',
  'updated_by',
] as const;

const MOVED_LIST = MOVED.join(', ');

/** Indexes of calculations (as they were after 0031) that name a moved column. */
const OLD_INDEXES: Record<string, string> = {
  calculations_mandant_template_idx: '(mandant_id, template_id, total_co2e)',
  calculations_mandant_total_idx: '(mandant_id, total_co2e)',
  calculations_mandant_updated_idx: '(mandant_id, updated_at)',
  calculations_stats_idx: '(mandant_id, created_at, total_co2e, template_id, customer)',
  calculations_stats_customer_idx: '(mandant_id, customer, created_at, total_co2e)',
  calculations_machine_set_idx: '(machine_set_id)',
};

/** What calculations keeps for its list orders once the moved columns are gone. */
const NEW_INDEXES: Record<string, string> = {
  calculations_mandant_created_idx: '(mandant_id, created_at)',
  calculations_mandant_template_idx: '(mandant_id, template_id, created_at)',
};

const STATE_INDEXES: Record<string, string> = {
  calculation_state_total_idx: '(mandant_id, total_co2e)',
  calculation_state_updated_idx: '(mandant_id, updated_at)',
  calculation_state_stats_idx: '(mandant_id, created_at, total_co2e)',
  calculation_state_template_total_idx: '(mandant_id, template_id, total_co2e)',
  calculation_state_machine_set_idx: '(machine_set_id) where machine_set_id is not null',
};

const createIndexes = async (db: MigrationDb, table: string, indexes: Record<string, string>) => {
  for (const [name, columns] of Object.entries(indexes))
    await sql.raw(`create index ${name} on ${table} ${columns}`).execute(db);
};
const dropIndexes = async (db: MigrationDb, indexes: Record<string, string>) => {
  for (const name of Object.keys(indexes)) await sql.raw(`drop index if exists ${name}`).execute(db);
};

export async function up(db: MigrationDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  // SQLite checks its references itself; PostgreSQL's are statement-level triggers (0026, below).
  const references = (target: string, onDelete: string) =>
    postgres ? '' : ` references ${target} on delete ${onDelete}`;
  await sql
    .raw(
      `create table calculation_state (
        calculation_id integer primary key${references('calculations (id)', 'cascade')},
        mandant_id integer not null,
        created_at ${TIMESTAMP} not null,
        template_id text not null,
        database_id integer not null${references('factor_databases (id)', 'restrict')},
        machine_set_id integer references machine_sets (id),
        template_version integer not null,
        results ${jsonType(db)} not null,
        total_co2e double precision not null,
        version integer not null default 1,
        updated_at ${TIMESTAMP} not null,
        updated_by integer${references('users (id)', 'set null')})`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into calculation_state (calculation_id, mandant_id, created_at, template_id, ${MOVED_LIST})
        select id, mandant_id, created_at, template_id, ${MOVED_LIST} from calculations`,
    )
    .execute(db);
  await createIndexes(db, 'calculation_state', STATE_INDEXES);

  if (postgres) await movePostgresTriggers(db);
  else {
    await sql`drop trigger if exists calculations_sync_tag_totals`.execute(db);
    await createSqliteSyncTrigger(db, 'calculation_state', 'calculation_id');
  }

  await dropIndexes(db, OLD_INDEXES);
  for (const column of MOVED) await db.schema.alterTable('calculations').dropColumn(column).execute();
  await createIndexes(db, 'calculations', NEW_INDEXES);
}

/**
 * SQLite: a change of `table`'s created_at, total_co2e or mandant_id rewrites the calculation's tag rows (as 0011 wrote
 * it for calculations; named `<table>_sync_tag_totals`).
 */
async function createSqliteSyncTrigger(db: MigrationDb, table: 'calculations' | 'calculation_state', key: string) {
  await sql
    .raw(
      `create trigger ${table}_sync_tag_totals after update of created_at, total_co2e, mandant_id on ${table}
    for each row when new.created_at is not old.created_at or new.total_co2e is not old.total_co2e or new.mandant_id is not old.mandant_id
    begin
      update calculation_tags
      set created_at = case when calculation_tags.mandant_id = new.mandant_id then new.created_at end,
          total_co2e = case when calculation_tags.mandant_id = new.mandant_id then new.total_co2e end
      where calculation_id = new.${key};
    end`,
    )
    .execute(db);
}

/** PostgreSQL: the tag copies' fill and sync, and the reference checks of 0026, follow the moved columns. */
async function movePostgresTriggers(db: MigrationDb): Promise<void> {
  await fillTagTotalsFrom(db, 'calculation_state', 'calculation_id');
  await sql`drop trigger if exists calculations_sync_tag_totals on calculations`.execute(db);
  await sql`create function calculation_state_sync_tag_totals() returns trigger language plpgsql set jit = off as $$
    begin
      ${tagCopiesRewrite('state', 'calculation_id')}
      return null;
    end $$`.execute(db);
  await createTagSyncStatementTrigger(db, 'calculation_state', 'state');

  await sql`create or replace function calculations_check_references() returns trigger language plpgsql set jit = off as $$
    begin
      perform check_referenced_rows(array(select distinct mandant_id from written), 'mandants', 'calculations_mandant_id_fkey');
      perform check_referenced_rows(array(select distinct created_by from written where created_by is not null),
        'users', 'calculations_created_by_fkey');
      return null;
    end $$`.execute(db);
  await sql`create function calculation_state_check_references() returns trigger language plpgsql set jit = off as $$
    begin
      perform check_referenced_rows(array(select distinct calculation_id from written), 'calculations',
        'calculation_state_calculation_id_fkey');
      perform check_referenced_rows(array(select distinct database_id from written), 'factor_databases', 'calculations_database_id_fkey');
      perform check_referenced_rows(array(select distinct updated_by from written where updated_by is not null),
        'users', 'calculations_updated_by_fkey');
      return null;
    end $$`.execute(db);
  for (const event of ['insert', 'update'])
    await sql
      .raw(
        `create trigger calculation_state_references_${event} after ${event} on calculation_state
          referencing new table as written for each statement execute function calculation_state_check_references()`,
      )
      .execute(db);
  await restrictDatabaseDeletes(db, 'calculation_state');
  await sql`create or replace function users_calculations_set_null() returns trigger language plpgsql as $$
    begin
      update calculations set created_by = null where created_by in (select id from gone);
      update calculation_state set updated_by = null where updated_by in (select id from gone);
      return null;
    end $$`.execute(db);
  await sql`create or replace function calculations_tags_cascade() returns trigger language plpgsql as $$
    begin
      delete from calculation_tags where calculation_id in (select id from gone);
      delete from calculation_state where calculation_id in (select id from gone);
      return null;
    end $$`.execute(db);
}

/** PostgreSQL: a tag row inserted without created_at/total_co2e takes them from `table` (as 0014 wrote it). */
async function fillTagTotalsFrom(db: MigrationDb, table: string, key: string): Promise<void> {
  await sql
    .raw(
      `create or replace function calculation_tags_fill_totals() returns trigger language plpgsql set enable_seqscan = off as $$
    begin
      select case when c.mandant_id = new.mandant_id then c.created_at end, case when c.mandant_id = new.mandant_id then c.total_co2e end
        into new.created_at, new.total_co2e
      from ${table} c where c.${key} = new.calculation_id;
      return new;
    end $$`,
    )
    .execute(db);
}

/** PostgreSQL: deleting a factor database a calculation (in `table`) still uses is refused (0026). */
async function restrictDatabaseDeletes(db: MigrationDb, table: string): Promise<void> {
  await sql
    .raw(
      `create or replace function factor_databases_calculations_restrict() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from ${table} c where c.database_id in (select id from gone)) then
          raise foreign_key_violation using constraint = 'calculations_database_id_fkey', table = 'calculations',
            message = 'calculations_database_id_fkey: calculations still use the factor database';
        end if;
        return null;
      end $$`,
    )
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await dropIndexes(db, NEW_INDEXES);
  const columns: Record<(typeof MOVED)[number], string> = postgres
    ? {
        database_id: 'integer',
        machine_set_id: 'integer constraint calculations_machine_set_id_fkey references machine_sets (id)',
        template_version: 'integer',
        results: 'jsonb',
        total_co2e: 'double precision',
        version: 'integer default 1',
        updated_at: TIMESTAMP,
        updated_by: 'integer',
      }
    : {
        database_id: 'integer references factor_databases (id) on delete restrict',
        machine_set_id: 'integer references machine_sets (id)',
        template_version: 'integer not null default 1',
        results: "text not null default '{}'",
        total_co2e: 'double precision not null default 0',
        version: 'integer not null default 1',
        updated_at: "text not null default ''",
        updated_by: 'integer references users (id) on delete set null',
      };
  for (const column of MOVED)
    await sql.raw(`alter table calculations add column ${column} ${columns[column]}`).execute(db);
  if (postgres) {
    await sql
      .raw(
        `update calculations c set ${MOVED.map((column) => `${column} = s.${column}`).join(', ')}
          from calculation_state s where s.calculation_id = c.id`,
      )
      .execute(db);
    for (const column of ['database_id', 'template_version', 'results', 'total_co2e', 'version', 'updated_at'])
      await sql.raw(`alter table calculations alter column ${column} set not null`).execute(db);
  } else {
    await sql
      .raw(
        `update calculations set (${MOVED_LIST}) = (select ${MOVED_LIST} from calculation_state s
          where s.calculation_id = calculations.id)`,
      )
      .execute(db);
  }
  await createIndexes(db, 'calculations', OLD_INDEXES);

  if (postgres) {
    await sql`drop trigger if exists calculation_state_sync_tag_totals on calculation_state`.execute(db);
    await sql`drop function if exists calculation_state_sync_tag_totals()`.execute(db);
    for (const event of ['insert', 'update'])
      await sql.raw(`drop trigger if exists calculation_state_references_${event} on calculation_state`).execute(db);
    await sql`drop function if exists calculation_state_check_references()`.execute(db);
    await fillTagTotalsFrom(db, 'calculations', 'id');
    // The function of 0014 (with 0017's jit = off) stayed; only its trigger went.
    await createTagSyncStatementTrigger(db, 'calculations', 'calculations');
    await defineCalculationsReferenceCheck(db, 'create or replace');
    await restrictDatabaseDeletes(db, 'calculations');
    await defineUserDeleteSetNull(db, 'create or replace');
    await defineCalculationDeleteCascade(db, 'create or replace');
  } else {
    await sql`drop trigger if exists calculation_state_sync_tag_totals`.execute(db);
    await createSqliteSyncTrigger(db, 'calculations', 'id');
  }
  await db.schema.dropTable('calculation_state').execute();
}
