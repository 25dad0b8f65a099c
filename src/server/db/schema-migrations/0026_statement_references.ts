/**
 * PostgreSQL: the references of calculations and their tag rows are checked once per referenced
 * row and statement, not once per written row (issue #22: 600,000 per-row foreign-key checks were
 * ~2.5 s of a 100,000-row import).
 *
 * A foreign key checks every inserted row on its own (one index probe and one row lock each), even
 * when all 100,000 rows of a COPY name the same mandant, factor database and user, and the 200,000
 * tag rows the 100,000 calculations just inserted. Turning that off needs superuser rights
 * (session_replication_role) or a table lock (ALTER TABLE … DISABLE TRIGGER) — neither is there on a
 * managed PostgreSQL, nor acceptable while others read. So the five constraints the bulk paths write
 * through become statement-level triggers over the statement's transition table:
 * - after INSERT/UPDATE of calculations: the DISTINCT mandant_id, database_id, created_by and
 *   updated_by are looked up and locked FOR KEY SHARE — exactly the lock a foreign key takes, so a
 *   concurrent delete of a referenced row waits for this transaction and then sees its rows;
 * - after INSERT/UPDATE of calculation_tags: the DISTINCT calculation_id likewise;
 * - after DELETE of mandants and factor_databases: refused while a calculation refers to one
 *   (ON DELETE RESTRICT); of users: created_by/updated_by set to NULL (ON DELETE SET NULL); of
 *   calculations: their tag rows deleted (ON DELETE CASCADE). The deleting statement's trigger runs
 *   after the row locks above are released, with a fresh snapshot, so it sees a concurrent insert.
 * A violation raises SQLSTATE 23503 (foreign_key_violation) under the old constraint's name: the API
 * answers 409 as before. Ids are never updated, so an update of a referenced key needs no action.
 *
 * SQLite keeps its foreign keys: it checks them in-process through the primary key, at a fraction
 * of a microsecond per row.
 */
import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from './columns';
import {
  defineCalculationDeleteCascade,
  defineCalculationsReferenceCheck,
  defineUserDeleteSetNull,
} from './building-blocks';

/** The constraints this migration replaces: [table, constraint, column, referenced table, ON DELETE]. */
const REFERENCES = [
  ['calculations', 'calculations_mandant_id_fkey', 'mandant_id', 'mandants', 'restrict'],
  ['calculations', 'calculations_database_id_fkey', 'database_id', 'factor_databases', 'restrict'],
  ['calculations', 'calculations_created_by_fkey', 'created_by', 'users', 'set null'],
  ['calculations', 'calculations_updated_by_fkey', 'updated_by', 'users', 'set null'],
  ['calculation_tags', 'calculation_tags_calculation_id_fkey', 'calculation_id', 'calculations', 'cascade'],
] as const;

/** Each trigger: [name, table, event, function]. */
const TRIGGERS = [
  ['calculations_references_insert', 'calculations', 'insert', 'calculations_check_references'],
  ['calculations_references_update', 'calculations', 'update', 'calculations_check_references'],
  ['calculation_tags_references_insert', 'calculation_tags', 'insert', 'calculation_tags_check_references'],
  ['calculation_tags_references_update', 'calculation_tags', 'update', 'calculation_tags_check_references'],
  ['mandants_calculations_restrict', 'mandants', 'delete', 'mandants_calculations_restrict'],
  ['factor_databases_calculations_restrict', 'factor_databases', 'delete', 'factor_databases_calculations_restrict'],
  ['users_calculations_set_null', 'users', 'delete', 'users_calculations_set_null'],
  ['calculations_tags_cascade', 'calculations', 'delete', 'calculations_tags_cascade'],
] as const;

const FUNCTIONS = [...new Set(TRIGGERS.map(([, , , fn]) => fn)), 'check_referenced_rows'];

export async function up(db: MigrationDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const [table, constraint] of REFERENCES)
    await sql`alter table ${sql.id(table)} drop constraint if exists ${sql.id(constraint)}`.execute(db);

  // Locks the referenced rows FOR KEY SHARE first and counts what it locked: a row deleted
  // meanwhile is skipped by the lock, so it is missing from the count as well.
  await sql`create function check_referenced_rows(ids bigint[], referenced text, name text) returns void
    language plpgsql as $$
    declare found bigint;
    begin
      if cardinality(ids) = 0 then return; end if;
      execute format('select count(*) from (select id from %I where id = any($1) for key share) locked', referenced)
        into found using ids;
      if found < cardinality(ids) then
        raise foreign_key_violation using constraint = name, table = referenced,
          message = format('%s: a referenced row of %s does not exist', name, referenced);
      end if;
    end $$`.execute(db);

  await defineCalculationsReferenceCheck(db, 'create');
  await sql`create function calculation_tags_check_references() returns trigger language plpgsql set jit = off as $$
    begin
      perform check_referenced_rows(array(select distinct calculation_id from written), 'calculations',
        'calculation_tags_calculation_id_fkey');
      return null;
    end $$`.execute(db);

  const restrictions = [
    [
      'mandants_calculations_restrict',
      'mandant_id',
      'calculations_mandant_id_fkey',
      'the mandant still has calculations',
    ],
    [
      'factor_databases_calculations_restrict',
      'database_id',
      'calculations_database_id_fkey',
      'calculations still use the factor database',
    ],
  ] as const;
  for (const [fn, column, constraint, reason] of restrictions) {
    await sql`create function ${sql.id(fn)}() returns trigger language plpgsql as ${sql.lit(`
      begin
        if exists (select 1 from calculations c where c.${column} in (select id from gone)) then
          raise foreign_key_violation using constraint = '${constraint}', table = 'calculations',
            message = '${constraint}: ${reason}';
        end if;
        return null;
      end`)}`.execute(db);
  }
  await defineUserDeleteSetNull(db, 'create');
  await defineCalculationDeleteCascade(db, 'create');

  for (const [name, table, event, fn] of TRIGGERS) {
    const transition = event === 'delete' ? sql`old table as gone` : sql`new table as written`;
    await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)}
      referencing ${transition} for each statement execute function ${sql.id(fn)}()`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const [name, table] of TRIGGERS)
    await sql`drop trigger if exists ${sql.id(name)} on ${sql.id(table)}`.execute(db);
  for (const fn of FUNCTIONS) await sql`drop function if exists ${sql.id(fn)}`.execute(db);
  for (const [table, constraint, column, referenced, onDelete] of REFERENCES)
    await sql`alter table ${sql.id(table)} add constraint ${sql.id(constraint)} foreign key (${sql.id(column)})
      references ${sql.id(referenced)} (id) on delete ${sql.raw(onDelete)}`.execute(db);
}
