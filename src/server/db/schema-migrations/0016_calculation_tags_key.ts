/**
 * calculation_tags keyed by (calculation_id, tag): one index fewer per tag row.
 *
 * Every bulk write pays for each B-tree a tag row lives in: an import of 100,000 calculations with
 * two tags each spent almost half of its SQLite insert time on the 200,000 tag rows (a rowid table
 * plus the primary key (tag, mandant_id, calculation_id), the calculation_id index and the totals
 * index), and a migration rewrites every tag row of the calculations it moves. The readers need:
 * - the list's tag filter: does calculation X carry tag T (tags.ts hasTag) — a point lookup on
 *   (calculation_id, tag) as well as on the old key;
 * - every calculation's tag rows (rewrite, delete, the totals' sync) — the new key's prefix, so
 *   calculation_tags_calculation_idx goes;
 * - the tag statistic — calculation_tags_totals_idx, unchanged.
 * The mandant is determined by the calculation, so (calculation_id, tag) is as unique as before;
 * a duplicate (only possible through direct writes with another mandant) keeps one row.
 * SQLite: the table is rebuilt WITHOUT ROWID, so the primary key is the table itself (two B-trees
 * per tag row instead of four); its triggers are recreated on the new table.
 */
import { sql } from 'kysely';
import { createSqliteTriggers } from './0011_calculation_tag_totals';
import { dialectOf, TIMESTAMP, type MigrationDb } from './columns';
import { createIndexOn } from './building-blocks';

const SQLITE_TRIGGERS = ['calculation_tags_fill_totals', 'calculations_sync_tag_totals', 'calculations_delete_tags'];

/** Rebuilds calculation_tags on SQLite with the given key (and rowid or not), keeping rows, indexes and triggers. */
async function rebuildOnSqlite(db: MigrationDb, key: string[], withoutRowid: boolean): Promise<void> {
  for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  let table = db.schema
    .createTable('calculation_tags_next')
    .addColumn('calculation_id', 'integer', (c) => c.notNull().references('calculations.id').onDelete('cascade'))
    .addColumn('mandant_id', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP)
    .addColumn('total_co2e', 'double precision')
    .addPrimaryKeyConstraint('calculation_tags_pk', key as never);
  if (withoutRowid) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await sql`insert or ignore into calculation_tags_next (calculation_id, mandant_id, tag, created_at, total_co2e)
    select calculation_id, mandant_id, tag, created_at, total_co2e from calculation_tags`.execute(db);
  await sql`drop table calculation_tags`.execute(db);
  await sql`alter table calculation_tags_next rename to calculation_tags`.execute(db);
  await createIndexOn(db, 'calculation_tags', 'calculation_tags_totals_idx', [
    'mandant_id',
    'tag',
    'created_at',
    'total_co2e',
  ]);
  await createSqliteTriggers(
    db,
    withoutRowid ? 'calculation_id = new.calculation_id and tag = new.tag' : 'rowid = new.rowid',
  );
}

export async function up(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await rebuildOnSqlite(db, ['calculation_id', 'tag'], true);
    return;
  }
  await sql`alter table calculation_tags drop constraint calculation_tags_pk`.execute(db);
  await sql`delete from calculation_tags a using calculation_tags b
    where a.calculation_id = b.calculation_id and a.tag = b.tag and a.ctid > b.ctid`.execute(db);
  await sql`alter table calculation_tags add constraint calculation_tags_pk primary key (calculation_id, tag)`.execute(
    db,
  );
  await db.schema.dropIndex('calculation_tags_calculation_idx').ifExists().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await rebuildOnSqlite(db, ['tag', 'mandant_id', 'calculation_id'], false);
  } else {
    await sql`alter table calculation_tags drop constraint calculation_tags_pk`.execute(db);
    await sql`alter table calculation_tags add constraint calculation_tags_pk primary key (tag, mandant_id, calculation_id)`.execute(
      db,
    );
  }
  await createIndexOn(db, 'calculation_tags', 'calculation_tags_calculation_idx', ['calculation_id']);
}
