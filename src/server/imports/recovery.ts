/**
 * Imports whose process died (kill -9, crash) are left `running`. An all-or-nothing import's
 * transaction never committed, so nothing of it exists; a valid_rows import keeps its committed
 * batches (its counters say how many). Either way the job is marked failed — by the next process
 * that starts and, with several processes on one PostgreSQL, by any live one within a sweep
 * interval. A live import is never touched: its process holds its claim (claim.ts).
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { dialectOf } from '../db/migrations/columns';
import { isoNow } from '../db/values';
import { forEachOrphan } from './claim';
import { importMessage } from './messages';
import './schema';

const UNFINISHED = ['running', 'queued'] as const;

export async function failInterruptedImports(db: Kysely<DatabaseSchema>): Promise<number> {
  const unfinished = await db.selectFrom('imports').select(['id', 'mode']).where('status', 'in', [...UNFINISHED]).execute();
  const modes = new Map(unfinished.map((row) => [Number(row.id), row.mode]));
  return forEachOrphan(db, [...modes.keys()], async (id) => {
    const now = isoNow();
    await db
      .updateTable('imports')
      .set({
        status: 'failed',
        message: importMessage('interrupted', 'de'),
        updated_at: now,
        finished_at: now,
        // An all_or_nothing import's rows never committed, whatever its counters say.
        ...(modes.get(id) === 'all_or_nothing' ? { rows_ok: 0 } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', [...UNFINISHED])
      .execute();
  });
}

/**
 * PostgreSQL only: looks for orphaned imports every `intervalMs` (other processes may die while
 * this one lives). Answers a function that stops the sweep.
 */
export function startOrphanSweep(db: Kysely<DatabaseSchema>, intervalMs: number, onError: (problem: unknown) => void): () => void {
  if (dialectOf(db) !== 'postgres' || intervalMs <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    failInterruptedImports(db)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
