/**
 * Lists in milliseconds at 100,000 calculations (issue #22 item 4) and fewer indexes to write:
 *
 * - The `q` search over number, title and customer was `lower(col) like '%…%'`: no B-tree serves a
 *   leading wildcard, so every search (and its count) read every row of the mandant. SQLite gets an
 *   FTS5 trigram index (external content: the text stays in `calculations`, triggers keep the index
 *   in step within the writing statement); PostgreSQL a pg_trgm GIN index over the three columns
 *   joined by a unit separator (U+001F, which no search text contains). Both answer substring
 *   searches of three or more characters from the index; shorter ones still scan (calculations/search.ts).
 * - pg_trgm is a trusted extension (PostgreSQL ≥ 13): the database owner may create it without
 *   superuser rights. Where it cannot be created the index is left out and search keeps working by
 *   scanning: the savepoint keeps the failure from aborting the migration's transaction.
 * - `calculations_month_idx` and `calculations_stats_template_idx` served no query that the
 *   (mandant_id, created_at) index does not serve within the statistics' budget, but cost every
 *   insert and every migration apply a B-tree update each.
 */
import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from './columns';
import { createIndexOn } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('calculations_month_idx').ifExists().execute();
  await db.schema.dropIndex('calculations_stats_template_idx').ifExists().execute();
  if (dialectOf(db) === 'postgres') {
    await sql`savepoint pg_trgm_extension`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`release savepoint pg_trgm_extension`.execute(db);
    } catch {
      await sql`rollback to savepoint pg_trgm_extension`.execute(db);
      return;
    }
    await sql`create index calculations_search_trgm_idx on calculations using gin
      ((lower(number || chr(31) || title || chr(31) || coalesce(customer, ''))) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table calculations_search using fts5(
      number, title, customer, content = 'calculations', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
  await sql`insert into calculations_search (calculations_search) values ('rebuild')`.execute(db);
  await sql`create trigger calculations_search_insert after insert on calculations begin
      insert into calculations_search (rowid, number, title, customer) values (new.id, new.number, new.title, new.customer);
    end`.execute(db);
  await sql`create trigger calculations_search_delete after delete on calculations begin
      insert into calculations_search (calculations_search, rowid, number, title, customer)
        values ('delete', old.id, old.number, old.title, old.customer);
    end`.execute(db);
  await sql`create trigger calculations_search_update after update of number, title, customer on calculations begin
      insert into calculations_search (calculations_search, rowid, number, title, customer)
        values ('delete', old.id, old.number, old.title, old.customer);
      insert into calculations_search (rowid, number, title, customer) values (new.id, new.number, new.title, new.customer);
    end`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists calculations_search_trgm_idx`.execute(db);
  } else {
    for (const trigger of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists calculations_search_${trigger}`).execute(db);
    await sql`drop table if exists calculations_search`.execute(db);
  }
  await sql`create index calculations_month_idx on calculations (mandant_id, substr(created_at, 1, 7), created_at, total_co2e)`.execute(
    db,
  );
  await createIndexOn(db, 'calculations', 'calculations_stats_template_idx', [
    'mandant_id',
    'template_id',
    'created_at',
    'total_co2e',
  ]);
}
