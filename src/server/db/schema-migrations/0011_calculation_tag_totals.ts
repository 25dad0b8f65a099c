/**
 * The tag statistic without a join: each calculation_tags row carries a copy of its calculation's
 * created_at and total_co2e, so "kg CO2e per tag" is one scan of a mandant's entries in the covering
 * index calculation_tags_totals_idx instead of one calculation row lookup per tag row (130–420 ms at
 * 100,000 calculations of a mandant; the lookups into the wide calculation rows were the cost).
 *
 * Triggers keep the copy exact, so no writer (REST resource, factor migrations, seed, tests,
 * benchmarks) has to know about it:
 * - a new tag row without the values takes them from its calculation. The importer, which writes
 *   its calculations and their tag rows together, passes the values it has just written: the fill
 *   costs ~2 µs (SQLite) to ~18 µs (PostgreSQL) of CPU per tag row more, which at 20,000 rows/s
 *   with two tags each is a share that matters;
 * - a change of a calculation's created_at, total_co2e or mandant_id rewrites its tag rows;
 * - (SQLite) deleting a calculation deletes its tag rows even when foreign keys are off.
 * A tag row whose mandant differs from its calculation's (never written, but the old join excluded
 * it) gets NULLs and so never counts — the same figures as the join gave.
 * Tag rows are only ever inserted and deleted (see calculations/tags.ts), never updated.
 *
 * PostgreSQL: every writer of tag rows has inserted or updated the calculation row earlier in the
 * same transaction, so it holds that row's lock: a concurrent change of the total waits for it and
 * then rewrites the committed tag rows, or went first and is what the insert trigger reads.
 */
import { sql } from 'kysely';
import { dialectOf, TIMESTAMP, type MigrationDb } from './columns';
import { createTagFillTrigger, createIndexOn } from './building-blocks';

/** Copied values count only while the tag row's mandant is the calculation's. */
const SAME_MANDANT = 'calculation_tags.mandant_id = new.mandant_id';

/** The row-level triggers of PostgreSQL (0014 replaces them by statement-level ones; its down restores these). */
export async function createPostgresRowTriggers(db: MigrationDb): Promise<void> {
  await sql`create function calculation_tags_fill_totals() returns trigger language plpgsql as $$
    begin
      select c.created_at, c.total_co2e into new.created_at, new.total_co2e
      from calculations c where c.id = new.calculation_id and c.mandant_id = new.mandant_id;
      return new;
    end $$`.execute(db);
  await createTagFillTrigger(db);
  await sql`create function calculations_sync_tag_totals() returns trigger language plpgsql as $$
    begin
      update calculation_tags
      set created_at = case when ${sql.raw(SAME_MANDANT)} then new.created_at end,
          total_co2e = case when ${sql.raw(SAME_MANDANT)} then new.total_co2e end
      where calculation_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger calculations_sync_tag_totals after update of created_at, total_co2e, mandant_id on calculations
    for each row when (old.created_at is distinct from new.created_at or old.total_co2e is distinct from new.total_co2e
      or old.mandant_id is distinct from new.mandant_id)
    execute function calculations_sync_tag_totals()`.execute(db);
}

/**
 * The triggers of SQLite (0016 recreates them after rebuilding calculation_tags without a rowid).
 * `insertedRow` finds the tag row just inserted: its rowid here, its primary key after 0016.
 */
export async function createSqliteTriggers(db: MigrationDb, insertedRow = 'rowid = new.rowid'): Promise<void> {
  await createSqliteFillTrigger(db, insertedRow);
  await createSqliteSyncTriggers(db);
}

/** The fill of a tag row inserted without the values (0017 drops it; its down restores it). */
export async function createSqliteFillTrigger(db: MigrationDb, insertedRow: string): Promise<void> {
  // SQLite cannot assign NEW in a BEFORE trigger: the new row is completed right after it is written.
  await sql`create trigger calculation_tags_fill_totals after insert on calculation_tags for each row
    when new.created_at is null or new.total_co2e is null
    begin
      update calculation_tags set (created_at, total_co2e) = (select c.created_at, c.total_co2e from calculations c
        where c.id = new.calculation_id and c.mandant_id = new.mandant_id)
      where ${sql.raw(insertedRow)};
    end`.execute(db);
}

async function createSqliteSyncTriggers(db: MigrationDb): Promise<void> {
  await sql`create trigger calculations_sync_tag_totals after update of created_at, total_co2e, mandant_id on calculations
    for each row when new.created_at is not old.created_at or new.total_co2e is not old.total_co2e or new.mandant_id is not old.mandant_id
    begin
      update calculation_tags
      set created_at = case when ${sql.raw(SAME_MANDANT)} then new.created_at end,
          total_co2e = case when ${sql.raw(SAME_MANDANT)} then new.total_co2e end
      where calculation_id = new.id;
    end`.execute(db);
  await sql`create trigger calculations_delete_tags after delete on calculations for each row
    begin
      delete from calculation_tags where calculation_id = old.id;
    end`.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema.alterTable('calculation_tags').addColumn('created_at', TIMESTAMP).execute();
  await db.schema.alterTable('calculation_tags').addColumn('total_co2e', 'double precision').execute();

  // Backfill before the index exists (one bulk index build instead of one entry update per row).
  if (postgres) {
    await sql`update calculation_tags set created_at = c.created_at, total_co2e = c.total_co2e
      from calculations c where c.id = calculation_tags.calculation_id and c.mandant_id = calculation_tags.mandant_id`.execute(
      db,
    );
  } else {
    await sql`update calculation_tags set (created_at, total_co2e) = (select c.created_at, c.total_co2e from calculations c
      where c.id = calculation_tags.calculation_id and c.mandant_id = calculation_tags.mandant_id)`.execute(db);
  }

  if (postgres) {
    await createPostgresRowTriggers(db);
  } else {
    await createSqliteTriggers(db);
  }

  // The join's index (mandant, calculation, tag) has no reader any more. The new one walks a mandant's
  // tag rows in tag order (groups without a sort), the range checked inside the entry. created_at
  // before total_co2e: new rows (stamped now) append at the end of their tag's entries instead of
  // landing at random places by total.
  await db.schema.dropIndex('calculation_tags_stats_idx').ifExists().execute();
  await createIndexOn(db, 'calculation_tags', 'calculation_tags_totals_idx', [
    'mandant_id',
    'tag',
    'created_at',
    'total_co2e',
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('calculation_tags_totals_idx').ifExists().execute();
  await db.schema
    .createIndex('calculation_tags_stats_idx')
    .ifNotExists()
    .on('calculation_tags')
    .columns(['mandant_id', 'calculation_id', 'tag'])
    .execute();
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists calculations_sync_tag_totals on calculations`.execute(db);
    await sql`drop trigger if exists calculation_tags_fill_totals on calculation_tags`.execute(db);
    await sql`drop function if exists calculations_sync_tag_totals()`.execute(db);
    await sql`drop function if exists calculation_tags_fill_totals()`.execute(db);
  } else {
    for (const trigger of [
      'calculations_delete_tags',
      'calculations_sync_tag_totals',
      'calculation_tags_fill_totals',
    ]) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
  }
  await db.schema.alterTable('calculation_tags').dropColumn('total_co2e').execute();
  await db.schema.alterTable('calculation_tags').dropColumn('created_at').execute();
}
