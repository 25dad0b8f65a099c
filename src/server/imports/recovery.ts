/**
 * The one rule for an import that stops before its end — cancelled, its upload dropped, its database
 * connection lost, or its process killed (kill -9, crash): it leaves none of itself, in either mode.
 * An all-or-nothing import's transaction never committed, so nothing of it exists; a valid_rows import
 * had committed its batches one by one, so they are deleted (as an undo would) — re-running the file
 * must not meet half of it already there. Only a calculation frozen by an order in the meantime is kept,
 * and counted. The job itself applies the rule when it stops (job.ts); an import whose process died is
 * left `running` and is closed by the next process that starts and, with several processes on one
 * PostgreSQL, by any live one within a sweep interval — as is one whose job could not close it because
 * the database was away. A live import is never touched: its process holds its claim (claim.ts) and,
 * while it writes, the lock of its record row.
 */
import { sql, type Kysely } from 'kysely';
import type { ErrorMessage } from '../../core/i18n/error-keys';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/languages';
import type { ImportMode } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { dialectOf } from '../db/dialect';
import { isoNow } from '../db/values';
import { forEachOrphan } from './claim';
import { wordFault } from '../../core/i18n/fault';
import { importMessage } from './messages';
import { countImportedCalculations, deleteImportedCalculations } from '../calculations/bulk-write';
import './schema';

const UNFINISHED = ['running', 'queued'] as const;

/** Why an import stopped before its end; each has its message, with and without frozen rows kept. */
export type StopReason = 'cancelled' | 'connectionLost' | 'interrupted';

const STOP_MESSAGES: Record<StopReason, (kept: number) => ErrorMessage> = {
  cancelled: (kept) => (kept === 0 ? importMessage('cancelled') : importMessage('cancelledFrozen', { kept })),
  connectionLost: (kept) =>
    kept === 0 ? importMessage('connectionLost') : importMessage('connectionLostFrozen', { kept }),
  interrupted: (kept) => (kept === 0 ? importMessage('interrupted') : importMessage('interruptedFrozen', { kept })),
};

/**
 * Locks the record of an unfinished import for the rest of the transaction; false if it is finished
 * (or, with `skipLocked`, if another transaction holds it: its job is alive and writing).
 * PostgreSQL only: an SQLite transaction has the file to itself.
 */
export async function lockUnfinishedImport(
  trx: Kysely<DatabaseSchema>,
  importId: number,
  options: { skipLocked?: boolean } = {},
): Promise<boolean> {
  const query = trx
    .selectFrom('imports')
    .select('id')
    .where('id', '=', importId)
    .where('status', 'in', [...UNFINISHED]);
  if (dialectOf(trx) !== 'postgres') return (await query.executeTakeFirst()) !== undefined;
  const locked = options.skipLocked ? query.forUpdate().skipLocked() : query.forUpdate();
  return (await locked.executeTakeFirst()) !== undefined;
}

export interface StoppedImport {
  id: number;
  mode: ImportMode;
  lang: Language;
  /** The counts the job reached (the recovery of a dead process keeps those its last batch wrote). */
  counts?: { rows_total: number; rows_failed: number };
}

/**
 * Applies the rule to one import in one transaction: deletes what it committed (but frozen rows) and
 * closes it with `status` and the reason's message. Answers the rows kept, or null if the import was
 * finished or is being written by a live job (nothing done).
 */
export async function closeStoppedImport(
  db: Kysely<DatabaseSchema>,
  stopped: StoppedImport,
  status: 'failed' | 'cancelled',
  reason: StopReason,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockUnfinishedImport(trx, stopped.id, { skipLocked: true }))) return null;
    const kept = stopped.mode === 'valid_rows' ? await deleteStoppedRows(trx, stopped.id) : 0;
    const now = isoNow();
    await trx
      .updateTable('imports')
      .set({
        status,
        // In the language of whoever started it, as the messages of a finished import are.
        message: wordFault(STOP_MESSAGES[reason](kept), stopped.lang),
        rows_ok: kept,
        ...stopped.counts,
        updated_at: now,
        finished_at: now,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', stopped.id)
      .execute();
    return kept;
  });
}

/**
 * Closes the unfinished imports whose process is gone: every one at a start (`only` unset), or those a stopped
 * worker was running (`only`: their ids, process-group.ts). Answers how many it closed.
 */
export async function failInterruptedImports(db: Kysely<DatabaseSchema>, only?: readonly number[]): Promise<number> {
  if (only?.length === 0) return 0;
  const unfinished = await db
    .selectFrom('imports')
    .leftJoin('users', 'users.id', 'imports.created_by')
    .select(['imports.id', 'imports.mode', 'users.language'])
    .where('imports.status', 'in', [...UNFINISHED])
    .$if(only !== undefined, (qb) => qb.where('imports.id', 'in', [...only!]))
    .execute();
  const byId = new Map(unfinished.map((row) => [Number(row.id), row]));
  return forEachOrphan(db, [...byId.keys()], async (id) => {
    const { mode, language } = byId.get(id)!;
    const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    return (await closeStoppedImport(db, { id, mode, lang }, 'failed', 'interrupted')) !== null;
  });
}

/** Deletes the committed rows of a stopped valid_rows import except frozen ones; answers how many stay. */
async function deleteStoppedRows(trx: Kysely<DatabaseSchema>, importId: number): Promise<number> {
  await deleteImportedCalculations(trx, importId, { keepFrozen: true });
  return countImportedCalculations(trx, importId);
}

/**
 * PostgreSQL only: looks for orphaned imports every `intervalMs` (other processes may die while
 * this one lives). Answers a function that stops the sweep.
 */
export function startOrphanSweep(
  db: Kysely<DatabaseSchema>,
  intervalMs: number,
  onError: (problem: unknown) => void,
): () => void {
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
