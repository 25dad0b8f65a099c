/**
 * Imports whose process died (kill -9, crash) are left `running`. The rule: such an import
 * leaves the whole import or none of it. An all-or-nothing import's transaction never committed,
 * so nothing of it exists; a valid_rows import had committed its batches one by one, so they are
 * deleted here (as an undo would) — re-running the file must not meet half of it already there.
 * Only a calculation frozen by an order in the meantime (PostgreSQL: other processes serve it
 * until the sweep comes) is kept, and counted. Either way the job is marked failed — by the next
 * process that starts and, with several processes on one PostgreSQL, by any live one within a
 * sweep interval. A live import is never touched: its process holds its claim (claim.ts).
 */
import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage } from '../../core/languages';
import type { DatabaseSchema } from '../db/schema';
import { dialectOf } from '../db/schema-migrations/columns';
import { isoNow } from '../db/values';
import { forEachOrphan } from './claim';
import { errorText } from '../http/errors';
import { importMessage } from './messages';
import { deleteImportedCalculations } from './write';
import './schema';

const UNFINISHED = ['running', 'queued'] as const;

export async function failInterruptedImports(db: Kysely<DatabaseSchema>): Promise<number> {
  const unfinished = await db
    .selectFrom('imports')
    .leftJoin('users', 'users.id', 'imports.created_by')
    .select(['imports.id', 'imports.mode', 'users.language'])
    .where('imports.status', 'in', [...UNFINISHED])
    .execute();
  const byId = new Map(unfinished.map((row) => [Number(row.id), row]));
  return forEachOrphan(db, [...byId.keys()], (id) =>
    db.transaction().execute(async (trx) => {
      const { mode, language } = byId.get(id)!;
      const kept = mode === 'valid_rows' ? await deleteInterruptedRows(trx, id) : 0;
      // In the language of whoever started it, as the messages of a finished import are.
      const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
      const now = isoNow();
      await trx
        .updateTable('imports')
        .set({
          status: 'failed',
          message: errorText(
            kept === 0 ? importMessage('interrupted') : importMessage('interruptedFrozen', { kept }),
            lang,
          ),
          rows_ok: kept,
          updated_at: now,
          finished_at: now,
        })
        .where('id', '=', id)
        .where('status', 'in', [...UNFINISHED])
        .execute();
    }),
  );
}

/** Deletes the committed rows of an interrupted valid_rows import except frozen ones; answers how many stay. */
async function deleteInterruptedRows(trx: Kysely<DatabaseSchema>, importId: number): Promise<number> {
  await deleteImportedCalculations(trx, importId, { keepFrozen: true });
  const kept = await trx
    .selectFrom('calculations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('import_id', '=', importId)
    .executeTakeFirst();
  return Number(kept?.n ?? 0);
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
