/**
 * Pieces of schema that several migrations repeat: the head and tail columns of a record table,
 * mandant and user references, the per-year counter and per-tag index tables, the factor migration
 * columns, login_attempts and the PostgreSQL tag fill trigger (each written twice in the history), plain indexes,
 * the PostgreSQL statement-level tag sync (0014, 0032) and the 0026 functions that 0032's down restores.
 *
 * FROZEN: migrations are history. Deployed databases have already run them, and a fresh database
 * must get exactly the schema they got. A block used by a migration therefore never changes — not
 * its columns, their order, constraints, names or defaults. A changed need gets a NEW block (used
 * by the new migration only); existing blocks are never edited, "tidied up" or reused with a tweak.
 * The same holds for the dialect helpers in columns.ts.
 */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';
import { idColumn, TIMESTAMP, type MigrationDb } from './columns';

/** `create table … (id …)`: a table whose rows are identified by a generated integer. */
export function createIdTable(db: MigrationDb, table: string) {
  return db.schema.createTable(table).addColumn('id', 'integer', idColumn(db));
}

/** mandant_id of a row that always belongs to one mandant. */
export function mandantReference(onDelete: 'restrict' | 'cascade') {
  return (c: ColumnDefinitionBuilder) => c.notNull().references('mandants.id').onDelete(onDelete);
}

/** Who did something (created_by, applied_by, …): the record stays when that user is deleted. */
export function userReference(c: ColumnDefinitionBuilder) {
  return c.references('users.id').onDelete('set null');
}

/** created_at, updated_at: when the record was written first and last. */
export function recordTimestamps<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull());
}

/** version: the optimistic-locking counter an edit must name. */
export function versionColumn<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}

/** created_at, updated_at, version: the tail of an editable record. */
export function editableRecordTail<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return versionColumn(recordTimestamps(table));
}

/** Who previewed, applied and rolled back a factor migration; names kept for when the user is gone. */
export function factorMigrationActors<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('created_by', 'integer', userReference)
    .addColumn('created_by_name', 'text')
    .addColumn('applied_by', 'integer', userReference)
    .addColumn('applied_by_name', 'text')
    .addColumn('rolled_back_by', 'integer', userReference);
}

/** created_at, updated_at, applied_at, rolled_back_at, version: the tail of a factor migration. */
export function factorMigrationTail<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return versionColumn(
    recordTimestamps(table).addColumn('applied_at', TIMESTAMP).addColumn('rolled_back_at', TIMESTAMP),
  );
}

/** One row per mandant and year; `last` is bumped atomically by an upsert to allocate numbers. */
export async function createYearCounterTable(db: MigrationDb, table: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ['mandant_id', 'year'])
    .execute();
}

/**
 * One row per tag of an owner row (`<owner>_id` into `<owner>s`), keyed for the lists' tag filter,
 * plus `<table>_<owner>_idx` to find an owner's rows.
 */
export async function createTagTable(db: MigrationDb, table: string, owner: string): Promise<void> {
  const ownerColumn = `${owner}_id`;
  await db.schema
    .createTable(table)
    .addColumn(ownerColumn, 'integer', (c) => c.notNull().references(`${owner}s.id`).onDelete('cascade'))
    .addColumn('mandant_id', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ['tag', 'mandant_id', ownerColumn])
    .execute();
  await db.schema.createIndex(`${table}_${owner}_idx`).on(table).column(ownerColumn).execute();
}

/** login_attempts as 0001 created it (0019 replaced it and restores it on the way down). */
export async function createLoginAttemptsTable(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'login_attempts')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', TIMESTAMP, (c) => c.notNull())
    .addColumn('success', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_email_at_idx').on('login_attempts').columns(['email', 'at']).execute();
  await db.schema.createIndex('login_attempts_ip_at_idx').on('login_attempts').columns(['ip', 'at']).execute();
}

/** PostgreSQL: a tag row inserted without created_at/total_co2e gets them from calculation_tags_fill_totals(). */
export async function createTagFillTrigger(db: MigrationDb): Promise<void> {
  await sql`create trigger calculation_tags_fill_totals before insert on calculation_tags
    for each row when (new.created_at is null or new.total_co2e is null) execute function calculation_tags_fill_totals()`.execute(
    db,
  );
}

/**
 * `create index <name> on <table> (<columns>)`: the plain index a migration adds next to a table — one line per
 * index, so a migration reads as its list of indexes.
 */
export async function createIndexOn(db: MigrationDb, table: string, name: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/**
 * PostgreSQL (0014, 0032): `<table>_sync_tag_totals()` runs once per UPDATE statement of `table` over its old and new
 * rows (`old_<rows>`, `new_<rows>`), so one set-based rewrite replaces a call per row.
 */
export async function createTagSyncStatementTrigger(
  db: MigrationDb,
  table: 'calculations' | 'calculation_state',
  rows: 'calculations' | 'state',
): Promise<void> {
  await sql
    .raw(
      `create trigger ${table}_sync_tag_totals after update on ${table}
    referencing old table as old_${rows} new table as new_${rows}
    for each statement execute function ${table}_sync_tag_totals()`,
    )
    .execute(db);
}

/**
 * PostgreSQL (0014, 0032): the statement inside `<table>_sync_tag_totals()` that rewrites the tag rows' copies of the
 * updated rows (keyed by `key`) whose created_at, total_co2e or mandant_id changed — EXECUTE, so each statement is
 * planned afresh with the transition tables' real row counts.
 */
export function tagCopiesRewrite(rows: 'calculations' | 'state', key: 'id' | 'calculation_id') {
  return sql.raw(`execute 'with changed as materialized (
          select ${key === 'id' ? 'n.id' : `n.${key} as id`}, n.mandant_id, n.created_at, n.total_co2e
          from new_${rows} n join old_${rows} o on o.${key} = n.${key}
          where o.created_at is distinct from n.created_at or o.total_co2e is distinct from n.total_co2e
            or o.mandant_id is distinct from n.mandant_id)
        update calculation_tags t
        set created_at = case when t.mandant_id = n.mandant_id then n.created_at end,
            total_co2e = case when t.mandant_id = n.mandant_id then n.total_co2e end
        from changed n where t.calculation_id = n.id';`);
}

/** `create` for a function's first version; `create or replace` where a later migration's `down` restores it. */
type FunctionDefinition = 'create' | 'create or replace';

/**
 * PostgreSQL (0026; restored by 0032's down): the mandants, factor databases and users a statement wrote into
 * calculations must exist — the reference checks that replaced the foreign keys.
 */
export async function defineCalculationsReferenceCheck(db: MigrationDb, definition: FunctionDefinition) {
  await sql`${sql.raw(definition)} function calculations_check_references() returns trigger language plpgsql set jit = off as $$
    begin
      perform check_referenced_rows(array(select distinct mandant_id from written), 'mandants', 'calculations_mandant_id_fkey');
      perform check_referenced_rows(array(select distinct database_id from written), 'factor_databases', 'calculations_database_id_fkey');
      perform check_referenced_rows(
        array(select distinct u from written, lateral (values (created_by), (updated_by)) as v(u) where u is not null),
        'users', 'calculations_created_by_fkey');
      return null;
    end $$`.execute(db);
}

/** PostgreSQL (0026; restored by 0032's down): a deleted user's calculations keep NULL as creator and editor. */
export async function defineUserDeleteSetNull(db: MigrationDb, definition: FunctionDefinition) {
  await sql`${sql.raw(definition)} function users_calculations_set_null() returns trigger language plpgsql as $$
    begin
      -- One statement for both columns: its reference check must not meet the other column still naming the user.
      update calculations
        set created_by = case when created_by in (select id from gone) then null else created_by end,
            updated_by = case when updated_by in (select id from gone) then null else updated_by end
        where created_by in (select id from gone) or updated_by in (select id from gone);
      return null;
    end $$`.execute(db);
}

/** PostgreSQL (0026; restored by 0032's down): a deleted calculation takes its tag rows along. */
export async function defineCalculationDeleteCascade(db: MigrationDb, definition: FunctionDefinition) {
  await sql`${sql.raw(definition)} function calculations_tags_cascade() returns trigger language plpgsql as $$
    begin
      delete from calculation_tags where calculation_id in (select id from gone);
      return null;
    end $$`.execute(db);
}
