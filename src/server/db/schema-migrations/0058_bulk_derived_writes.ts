/**
 * Derived structures written once per batch by bulk writers, not once per row (issue #38 item 1). SQLite only:
 * PostgreSQL's count, tag and reference triggers already run once per statement (0014, 0026, 0031, 0032) and its
 * search index is a GIN index, not a trigger.
 *
 * On SQLite the list-count upsert (0031) and the FTS insert (0024) ran for every inserted calculation, and the tag
 * copies' sync (0032) for every state row a migration rewrites. Measured with the bench's floor (20,000 brochure rows
 * by prepared INSERT into today's schema, load 3.5–4.6): 4.15 s with both insert triggers, 1.30 s without them.
 *
 * A bulk writer inserts a row into `calculation_bulk_writes` inside its transaction, writes, maintains the counts,
 * the search index and the tag copies for the whole batch in one statement each, and deletes the row again before
 * its transaction ends (imports/write.ts, migrations/apply.ts). The triggers stay for every other writer (an edit,
 * a duplicate, a test's direct SQL): they skip only while the row exists. SQLite has one writer at a time and
 * readers see committed rows only, so the row is never seen outside the transaction that wrote it.
 */
import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from './columns';

const KEY = 'mandant_id, template_type, template_id, status';
const NO_BULK_WRITER = 'not exists (select 1 from calculation_bulk_writes)';

const countInsert = (when: string) =>
  `create trigger calculation_list_counts_insert after insert on calculations ${when} begin
     insert into calculation_list_counts (${KEY}, calculations)
       values (new.mandant_id, new.template_type, new.template_id, new.status, 1)
       on conflict (${KEY}) do update set calculations = calculations + 1; end`;

const searchInsert = (when: string) =>
  `create trigger calculations_search_insert after insert on calculations ${when} begin
     insert into calculations_search (rowid, number, title, customer) values (new.id, new.number, new.title, new.customer);
   end`;

const tagSync = (when: string) =>
  `create trigger calculation_state_sync_tag_totals after update of created_at, total_co2e, mandant_id on calculation_state
    for each row when (new.created_at is not old.created_at or new.total_co2e is not old.total_co2e
      or new.mandant_id is not old.mandant_id) ${when}
    begin
      update calculation_tags
      set created_at = case when calculation_tags.mandant_id = new.mandant_id then new.created_at end,
          total_co2e = case when calculation_tags.mandant_id = new.mandant_id then new.total_co2e end
      where calculation_id = new.calculation_id;
    end`;

async function replaceTriggers(db: MigrationDb, gated: boolean): Promise<void> {
  for (const name of [
    'calculation_list_counts_insert',
    'calculations_search_insert',
    'calculation_state_sync_tag_totals',
  ])
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql.raw(countInsert(gated ? `when ${NO_BULK_WRITER}` : '')).execute(db);
  await sql.raw(searchInsert(gated ? `when ${NO_BULK_WRITER}` : '')).execute(db);
  await sql.raw(tagSync(gated ? `and ${NO_BULK_WRITER}` : '')).execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await db.schema
    .createTable('calculation_bulk_writes')
    .addColumn('writer', 'text', (c) => c.primaryKey())
    .execute();
  await replaceTriggers(db, true);
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await replaceTriggers(db, false);
  await db.schema.dropTable('calculation_bulk_writes').ifExists().execute();
}
