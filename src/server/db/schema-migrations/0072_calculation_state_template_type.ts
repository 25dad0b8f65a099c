/**
 * Issue 38 item 5 (the scale run, docs/performance.md): `template_type` copied onto the state row, so that
 * - the list filtered by type and sorted by total walks (mandant, template_type, total_co2e) instead of walking
 *   calculation_state_total_idx past every row of the other type (at 100,000 calculations in one mandant, 10,553
 *   entries and 53,000 buffers for a page of 25 products);
 * - the statistics overview, which leaves company footprints out, is answered from calculation_state_stats_idx alone
 *   instead of looking up every calculation of the range for its type (~5 buffers a calculation).
 *
 * Unlike mandant_id, created_at and template_id the copy can change: a calculation moved to a template version of
 * another type (an edit naming the version, a template migration and its rollback) changes both rows.
 *
 * Indexes: calculation_state_stats_idx gets template_type at its end (replaced, not added beside it: the old one is
 * its prefix); calculation_state_type_total_idx is new. calculation_state_total_idx stays for the unfiltered list
 * by total, which the new index cannot order across types.
 *
 * The column: PostgreSQL adds it with the default 'product' (no table rewrite: existing rows read it from the
 * catalogue), writes only the rows of other types and drops the default, so a writer that leaves it out fails. An
 * UPDATE of every row (measured at 200,000 calculations: 17–23 s) wrote a new version of each state row and an entry
 * into each of its indexes, doubling their size until a REINDEX. SQLite cannot add a NOT NULL column without a
 * default nor drop one, so there it defaults to '' (never written by the app) and every row is written in place.
 */
import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from './columns';

const STATS_BEFORE = '(mandant_id, created_at, total_co2e)';
const STATS_AFTER = '(mandant_id, created_at, total_co2e, template_type)';

export async function up(db: MigrationDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  // Dropped before the backfill, which then writes no entries into it.
  await sql`drop index calculation_state_stats_idx`.execute(db);
  if (postgres) {
    await sql`alter table calculation_state add column template_type text not null default 'product'`.execute(db);
    await sql`update calculation_state s set template_type = c.template_type from calculations c
      where c.id = s.calculation_id and c.template_type <> 'product'`.execute(db);
    await sql`alter table calculation_state alter column template_type drop default`.execute(db);
  } else {
    await sql`alter table calculation_state add column template_type text not null default ''`.execute(db);
    await sql`update calculation_state set template_type = c.template_type from calculations c
      where c.id = calculation_state.calculation_id`.execute(db);
  }
  await sql.raw(`create index calculation_state_stats_idx on calculation_state ${STATS_AFTER}`).execute(db);
  await sql`create index calculation_state_type_total_idx on calculation_state (mandant_id, template_type, total_co2e)`.execute(
    db,
  );
  // The planner's statistics of the new column at once, not after autovacuum's next analyze.
  if (postgres) await sql`analyze calculation_state`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index calculation_state_type_total_idx`.execute(db);
  await sql`drop index calculation_state_stats_idx`.execute(db);
  await db.schema.alterTable('calculation_state').dropColumn('template_type').execute();
  await sql.raw(`create index calculation_state_stats_idx on calculation_state ${STATS_BEFORE}`).execute(db);
}
