/**
 * Start-up: imports still `running` belong to a process that died (kill -9, crash). An
 * all-or-nothing import's transaction never committed, so nothing of it exists; a valid_rows
 * import keeps its committed batches (its counters say how many). Either way the job is failed.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { importMessage } from './messages';
import './schema';

export async function failInterruptedImports(db: Kysely<DatabaseSchema>): Promise<number> {
  const now = isoNow();
  // An all_or_nothing import's rows never committed, whatever its counters say.
  await db.updateTable('imports').set({ rows_ok: 0 }).where('status', 'in', ['running', 'queued']).where('mode', '=', 'all_or_nothing').execute();
  const result = await db
    .updateTable('imports')
    .set({ status: 'failed', message: importMessage('interrupted', 'de'), updated_at: now, finished_at: now })
    .where('status', 'in', ['running', 'queued'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
