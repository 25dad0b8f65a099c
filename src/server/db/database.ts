/**
 * Opens the configured database (SQLite file by default, PostgreSQL via DATABASE_URL) and runs
 * the migrations. Both dialects answer through the same Kysely<DatabaseSchema>.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Config } from '../config';
import type { DatabaseSchema } from './schema';
import { migrationProvider } from './migrations/index';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin';
import type { Dialect } from './migrations/columns';

export type { Dialect };

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export function createDatabase(config: Pick<Config, 'database'>): Database {
  if (config.database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.database.url, max: 10 });
    // A dropped idle connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = config.database.file;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's built-in lower() folds ASCII only; PostgreSQL folds all letters. Replace it so that case-insensitive
  // search ("Ökostrom", "ÉTÉ") behaves the same on both dialects.
  sqlite.function('lower', { deterministic: true }, (value: unknown) =>
    value == null ? null : String(value).toLowerCase(),
  );
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<DatabaseSchema>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Cheap liveness probe for /api/health. */
export async function pingDatabase(db: Kysely<DatabaseSchema>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
