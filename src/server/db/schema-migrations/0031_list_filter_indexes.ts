/**
 * Filtered list counts that do not scan (issue #22 item 4): an index of counts.
 *
 * The calculations list counts its matches (capped at LIST_COUNT_CAP) on every page. A filter that a
 * B-tree prefix answers counts from that index alone, but a combination (status + template) read every
 * row of the wider match and looked each one up: 300–700 ms at 100,000 calculations, because every
 * lookup lands on a wide calculation row. A B-tree for the combination made the count cheap but drew
 * the page's planner onto it too (SQLite then fetched and sorted every match instead of walking the sort
 * index: 0.2 → 200 ms). So the counts live in a table of their own instead:
 * `calculation_list_counts` holds, per mandant, template type, template and status, how many
 * calculations there are. Any equality filter over those columns is a sum over a handful of rows
 * (calculations/list-counts.ts); the page queries are untouched.
 *
 * Triggers keep the counts in the writing transaction, so every writer (API, import, COPY, migration
 * apply, direct SQL in tests) is covered without knowing about them:
 * - SQLite: one upsert per inserted / deleted row, and per update that changes one of the four columns.
 * - PostgreSQL: inserts and deletes are counted per statement from their transition tables (one grouped
 *   upsert for a 100,000-row import or COPY, not one per row); an update that changes one of the four
 *   columns moves its row's count (row-level, with a WHEN clause, so bulk updates of results, totals or
 *   versions never call it).
 * Two writers in one mandant meet on the same count rows: the second waits for the first's commit (as it
 * would for any row lock); the grouped upsert takes its rows in key order so two imports cannot deadlock on them.
 * TRUNCATE and `session_replication_role = replica` skip triggers: Kontor does neither (README, PostgreSQL).
 */
import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from './columns';

const KEY = 'mandant_id, template_type, template_id, status';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('calculation_list_counts')
    .addColumn('mandant_id', 'integer', (c) => c.notNull())
    .addColumn('template_type', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('calculations', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('calculation_list_counts_pk', ['mandant_id', 'template_type', 'template_id', 'status'])
    .execute();
  await sql
    .raw(
      `insert into calculation_list_counts (${KEY}, calculations)
        select ${KEY}, count(*) from calculations group by ${KEY}`,
    )
    .execute(db);
  if (dialectOf(db) === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

async function createSqliteTriggers(db: MigrationDb): Promise<void> {
  const add = (row: 'new') =>
    `insert into calculation_list_counts (${KEY}, calculations)
       values (${row}.mandant_id, ${row}.template_type, ${row}.template_id, ${row}.status, 1)
       on conflict (${KEY}) do update set calculations = calculations + 1;`;
  const remove = (row: 'old') =>
    `update calculation_list_counts set calculations = calculations - 1
       where mandant_id = ${row}.mandant_id and template_type = ${row}.template_type
         and template_id = ${row}.template_id and status = ${row}.status;`;
  await sql
    .raw(`create trigger calculation_list_counts_insert after insert on calculations begin ${add('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger calculation_list_counts_delete after delete on calculations begin ${remove('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger calculation_list_counts_update after update of ${KEY} on calculations
        when old.mandant_id is not new.mandant_id or old.template_type is not new.template_type
          or old.template_id is not new.template_id or old.status is not new.status
        begin ${remove('old')} ${add('new')} end`,
    )
    .execute(db);
}

async function createPostgresTriggers(db: MigrationDb): Promise<void> {
  const triggerFunction = (name: string, body: string) =>
    sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
      .execute(db);
  await triggerFunction(
    'calculation_list_counts_add',
    `insert into calculation_list_counts as counts (${KEY}, calculations)
       select ${KEY}, count(*) from added group by ${KEY} order by ${KEY}
       on conflict (${KEY}) do update set calculations = counts.calculations + excluded.calculations;`,
  );
  await triggerFunction(
    'calculation_list_counts_remove',
    `update calculation_list_counts as counts set calculations = counts.calculations - removed.n
       from (select ${KEY}, count(*) as n from removed group by ${KEY}) as removed
       where (counts.mandant_id, counts.template_type, counts.template_id, counts.status)
         = (removed.mandant_id, removed.template_type, removed.template_id, removed.status);`,
  );
  await triggerFunction(
    'calculation_list_counts_move',
    `update calculation_list_counts set calculations = calculations - 1
       where (mandant_id, template_type, template_id, status)
         = (old.mandant_id, old.template_type, old.template_id, old.status);
     insert into calculation_list_counts as counts (${KEY}, calculations)
       values (new.mandant_id, new.template_type, new.template_id, new.status, 1)
       on conflict (${KEY}) do update set calculations = counts.calculations + 1;`,
  );
  await sql`create trigger calculation_list_counts_insert after insert on calculations
    referencing new table as added for each statement execute function calculation_list_counts_add()`.execute(db);
  await sql`create trigger calculation_list_counts_delete after delete on calculations
    referencing old table as removed for each statement execute function calculation_list_counts_remove()`.execute(db);
  await sql
    .raw(
      `create trigger calculation_list_counts_update after update of ${KEY} on calculations for each row
        when ((old.mandant_id, old.template_type, old.template_id, old.status)
          is distinct from (new.mandant_id, new.template_type, new.template_id, new.status))
        execute function calculation_list_counts_move()`,
    )
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update']) {
    const name = `calculation_list_counts_${trigger}`;
    if (dialectOf(db) === 'postgres') await sql.raw(`drop trigger if exists ${name} on calculations`).execute(db);
    else await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  if (dialectOf(db) === 'postgres') {
    for (const fn of ['add', 'remove', 'move'])
      await sql.raw(`drop function if exists calculation_list_counts_${fn}()`).execute(db);
  }
  await db.schema.dropTable('calculation_list_counts').ifExists().execute();
}
