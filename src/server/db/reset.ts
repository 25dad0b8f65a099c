/** Drops every table (and the migration bookkeeping) so the next migration starts from nothing. */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';
import type { DatabaseSchema } from './schema';

export async function dropEverything(db: Kysely<DatabaseSchema>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  const tables = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  for (const { name } of tables.rows) await sql`drop table if exists ${sql.id(name)}`.execute(db);
  await sql`pragma foreign_keys = on`.execute(db);
}
