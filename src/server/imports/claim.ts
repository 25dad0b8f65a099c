/**
 * Which process runs an import. A running import is claimed by its process for as long as it
 * runs, so that another process sharing the database can tell a live import from one whose
 * process died (kill -9, crash) and must be marked failed.
 *
 * PostgreSQL: the claim is a session-level advisory lock keyed by the import id, held on a
 * connection set aside for the job. The record is inserted and the lock taken in one transaction,
 * so no other process ever sees a running import without its lock; when the process dies its
 * connections close and PostgreSQL releases the lock by itself.
 * SQLite: one process owns the database file (see docs/operations.md), so a running import found at
 * start-up has no live owner; no lock is needed.
 */
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { dialectOf } from '../db/dialect';
import './schema';

/** First key of the advisory locks of imports (second key: the import id). "Ko" + 1. */
export const IMPORT_LOCK_SPACE = 0x4b6f01;

type ImportsRow = Selectable<DatabaseSchema['imports']>;

/**
 * Inserts the import record, claims it, runs `run` and releases the claim whatever happens.
 * `guard` runs in the transaction that inserts the record, before it (e.g. locking what the import uses).
 */
export async function withClaimedImport<T>(
  db: Kysely<DatabaseSchema>,
  values: Insertable<DatabaseSchema['imports']>,
  run: (row: ImportsRow) => Promise<T>,
  guard: (trx: Kysely<DatabaseSchema>) => Promise<void> = async () => undefined,
): Promise<T> {
  if (dialectOf(db) !== 'postgres')
    return run(
      await db.transaction().execute(async (trx) => {
        await guard(trx);
        return trx.insertInto('imports').values(values).returningAll().executeTakeFirstOrThrow();
      }),
    );
  return db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    let row: ImportsRow;
    try {
      await guard(conn);
      row = await conn.insertInto('imports').values(values).returningAll().executeTakeFirstOrThrow();
      await sql`select pg_advisory_lock(${IMPORT_LOCK_SPACE}, ${row.id})`.execute(conn);
      await sql`commit`.execute(conn);
    } catch (problem) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw problem;
    }
    try {
      return await run(row);
    } finally {
      await sql`select pg_advisory_unlock(${IMPORT_LOCK_SPACE}, ${row.id})`.execute(conn).catch(() => undefined);
    }
  });
}

/**
 * Calls `orphaned` for each given import whose owner is gone, while holding its claim (so that
 * the owner cannot be both alive and ignored); answers for how many `orphaned` answered true (closed).
 */
export async function forEachOrphan(
  db: Kysely<DatabaseSchema>,
  ids: readonly number[],
  orphaned: (id: number) => Promise<boolean>,
): Promise<number> {
  if (ids.length === 0) return 0;
  if (dialectOf(db) !== 'postgres') {
    let closed = 0;
    for (const id of ids) if (await orphaned(id)) closed++;
    return closed;
  }
  return db.connection().execute(async (conn) => {
    let count = 0;
    for (const id of ids) {
      const { rows } = await sql<{
        free: boolean;
      }>`select pg_try_advisory_lock(${IMPORT_LOCK_SPACE}, ${id}) as free`.execute(conn);
      if (!rows[0]?.free) continue;
      try {
        if (await orphaned(id)) count++;
      } finally {
        await sql`select pg_advisory_unlock(${IMPORT_LOCK_SPACE}, ${id})`.execute(conn);
      }
    }
    return count;
  });
}
