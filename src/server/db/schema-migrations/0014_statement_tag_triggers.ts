/**
 * PostgreSQL: the triggers that keep calculation_tags' copies of created_at and total_co2e (0011)
 * no longer depend on a plan made while the tables were small.
 *
 * Why: PL/pgSQL plans a trigger's query once per connection and keeps it. A plan made while the
 * table was small (a new installation, or a bulk load in one transaction) scans the whole table —
 * once per row: inserting 8,000 calculations with tag rows without the values took 7 s and grew
 * with the square of the count (32,000: minutes); a migration of 100,000 calculations spent 18 s
 * (loaded machine) in the per-row tag update.
 * - The fill of a new tag row stays a BEFORE INSERT row trigger (it sets the row's own values, no
 *   second write), but looks up by id alone with sequential scans off: the primary key is the only
 *   plan left.
 * - The rewrite after a calculation's created_at, total_co2e or mandant_id changed becomes ONE
 *   set-based UPDATE per statement over the transition tables, planned afresh (EXECUTE) with their
 *   real row counts: a migration of 100,000 calculations rewrites 170,000 tag rows in ~2 s instead
 *   of calling the trigger 100,000 times. Transition tables cannot be combined with a column list
 *   (`UPDATE OF …`), so it fires for every UPDATE of calculations and picks the changed rows itself.
 *
 * Semantics are those of 0011: a tag row inserted without values takes its calculation's (same
 * mandant), a change rewrites the calculation's tag rows (NULLs when the mandant no longer matches).
 * SQLite keeps its row-level triggers: it compiles them into each statement and looks up by index.
 */
import { sql } from 'kysely';
import { createPostgresRowTriggers } from './0011_calculation_tag_totals';
import { dialectOf, type MigrationDb } from './columns';
import { createTagFillTrigger, createTagSyncStatementTrigger, tagCopiesRewrite } from './building-blocks';

/** The two triggers and their functions, whichever form (row- or statement-level) they have. */
async function dropTagTriggers(db: MigrationDb): Promise<void> {
  await sql`drop trigger if exists calculation_tags_fill_totals on calculation_tags`.execute(db);
  await sql`drop trigger if exists calculations_sync_tag_totals on calculations`.execute(db);
  await sql`drop function if exists calculation_tags_fill_totals()`.execute(db);
  await sql`drop function if exists calculations_sync_tag_totals()`.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await dropTagTriggers(db);

  // `set enable_seqscan = off` and a lookup by id alone: the only plan left is the primary key's,
  // however small the table looked when the plan was made.
  await sql`create function calculation_tags_fill_totals() returns trigger language plpgsql set enable_seqscan = off as $$
    begin
      select case when c.mandant_id = new.mandant_id then c.created_at end, case when c.mandant_id = new.mandant_id then c.total_co2e end
        into new.created_at, new.total_co2e
      from calculations c where c.id = new.calculation_id;
      return new;
    end $$`.execute(db);
  await createTagFillTrigger(db);

  await sql`create function calculations_sync_tag_totals() returns trigger language plpgsql as $$
    begin
      -- The CTE keeps the four columns needed: joined directly, the transition tables' whole rows
      -- (with their results JSON) would be sorted and spilled to disk.
      ${tagCopiesRewrite('calculations', 'id')}
      return null;
    end $$`.execute(db);
  await createTagSyncStatementTrigger(db, 'calculations', 'calculations');
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await dropTagTriggers(db);
  await createPostgresRowTriggers(db);
}
