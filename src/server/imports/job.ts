/**
 * The import job: header → mapping → rows in batches, validated and computed, written in ONE
 * transaction (all_or_nothing: any bad row rolls everything back) or one transaction per batch
 * (valid_rows: good rows are kept, bad ones reported). The job record is written before the
 * first batch with status `running` and claimed by this process (claim.ts); a process that dies
 * mid-import leaves it `running` without its claim, and recovery.ts marks it failed — its
 * uncommitted transaction is simply gone. A job that stops before its end (cancel, dropped upload,
 * lost database connection) follows the same rule at once (recovery.ts: closeStoppedImport).
 */
import type { Kysely } from 'kysely';
import type { ImportMode, ImportRecord, ImportReport, ImportRowError, SessionUser } from '../../core/api';
import {
  isBlankRow,
  mappingProblems,
  planRows,
  suggestMapping,
  withDecimals,
  type ColumnMapping,
} from '../../core/csv';
import type { Template } from '../../core/template';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { dialectOf } from '../db/dialect';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { FactorSet } from '../factors/factor-set';
import type { MachineSetData } from '../machines/production';
import { rendered, wordFault } from '../../core/i18n/fault';
import { badRequest, notFound, Refusal, unavailable } from '../refusals';
import { recordChange, type ChangeSource } from '../audit/change';
import type { CsvRows } from './csv-stream';
import { CsvStreamError } from './csv-stream';
import { startBatchEvaluation, type BatchOutcome, type EvaluatorData } from './batch-evaluation';
import type { RowError } from './evaluate-row';
import { importMessage } from './messages';
import { toImportRecord } from './record';
import { ownValue } from '../http/own-key';
import { withClaimedImport } from './claim';
import { deleteImportedCalculations, writeImportedBatch, type ImportedRow } from '../calculations/bulk-write';
import { closeStoppedImport, lockUnfinishedImport, type StopReason } from './recovery';
import { templateMessage } from '../templates/messages';
import './schema';

export const BATCH_SIZE = 500;
/** Batches read and handed to the evaluation before the current one is written. */
const EVALUATED_AHEAD = 2;
/** Row errors kept per import (the counts stay exact beyond it). */
const MAX_STORED_ERRORS = 10_000;
const REPORTED_ERRORS = 100;

export interface ImportJob {
  db: Kysely<DatabaseSchema>;
  source: ChangeSource;
  user: SessionUser;
  mandantId: number;
  template: Template;
  factors: FactorSet;
  /** The mandant's current published machine set (undefined: it has none). */
  machineSet: MachineSetData | undefined;
  fileName: string;
  mode: ImportMode;
  dryRun: boolean;
  mapping: ColumnMapping | undefined;
  csv: CsvRows;
  signal: AbortSignal;
  /** The message a file over the size limit gets, in the user's language. */
  tooLargeMessage: string;
  /** Called with the job id as soon as the record exists (for cancel). */
  onStart?(importId: number): void;
  /** The template version is app-created (a row of template_versions, which can be deleted). */
  templateStored: boolean;
}

/**
 * Lets the next batch be read and computed while the previous one is still being written: one
 * write in flight at a time, in order. On PostgreSQL the database works while this process
 * computes; on SQLite (synchronous driver) the write has finished before `next` returns anyway.
 */
class WriteAhead {
  private pending: Promise<void> = Promise.resolve();

  async next(write: () => Promise<unknown>): Promise<void> {
    await this.pending;
    const started = write().then(() => undefined);
    // Awaited by the next call or drain(); until then a failure must not count as unhandled.
    started.catch(() => undefined);
    this.pending = started;
  }

  /** Waits for the write in flight; its failure is reported by drain() or the next call. */
  drain(): Promise<void> {
    return this.pending;
  }

  /** Waits for the write in flight whatever its outcome (the caller is already failing). */
  settle(): Promise<void> {
    return this.pending.catch(() => undefined);
  }
}

class Cancelled extends Error {}
class RollBack extends Error {}
/** The record was closed by someone else's recovery (this job's claim was lost with its connection). */
class ClosedElsewhere extends Error {}

/** The job's database connection is gone (or its record was closed by a recovery that saw it gone). */
function isConnectionLoss(problem: unknown): boolean {
  return problem instanceof ClosedElsewhere || isDatabaseUnavailable(problem);
}

/** The client went away mid-upload (Node reports the request stream as aborted / reset). */
function isAbort(problem: unknown): boolean {
  const p = problem as { code?: unknown; message?: unknown } | null;
  return p?.code === 'ECONNRESET' || p?.code === 'ERR_STREAM_PREMATURE_CLOSE' || p?.message === 'aborted';
}

function trimHeader(cells: string[]): string[] {
  return cells.map((cell, i) => (i === 0 ? cell.replace(/^\uFEFF/, '') : cell).trim());
}

function toRowError(error: RowError, lang: SessionUser['language']): ImportRowError {
  return {
    row: error.row,
    column: error.column,
    value: error.value,
    message_key: error.key,
    message: wordFault(error.fault, lang),
  };
}

export async function runImport(job: ImportJob): Promise<ImportReport> {
  const { db, user, template, factors, csv } = job;
  const lang = user.language;
  const iterator = csv.batches[Symbol.asyncIterator]();
  let parsed: string[][] = [];
  let taken = 0;
  /** Up to `max` further rows, as many as parsed chunks allow at once; empty at the end of the file. */
  const readRows = async (max: number): Promise<string[][]> => {
    while (taken === parsed.length) {
      const next = await iterator.next();
      if (next.done) return [];
      parsed = next.value;
      taken = 0;
    }
    const rows = parsed.slice(taken, taken + max);
    taken += rows.length;
    return rows;
  };

  // The header is the first row that is not blank; row numbers count from it as the spreadsheet does.
  let headerCells: string[] | undefined;
  let headerRow = 0;
  do {
    [headerCells] = await readRows(1);
    headerRow++;
  } while (headerCells && isBlankRow(headerCells));
  if (!headerCells) throw badRequest(importMessage('empty'));
  const headers = trimHeader(headerCells);
  const mapping = job.mapping ?? suggestMapping(template, headers);
  const problems = mappingProblems(template, headers, mapping);
  if (problems.length > 0)
    throw badRequest(importMessage('badMapping', { problems: problems.join('; ') }), {
      mapping: rendered(problems.join('; ')),
    });
  const fullMapping: ColumnMapping = Object.fromEntries(headers.map((h) => [h, ownValue(mapping, h) ?? null]));
  let plan = planRows(template, headers, fullMapping);
  if (plan.columns.length === 0) throw badRequest(importMessage('noColumns'), { mapping: importMessage('noColumns') });

  // The first batch is read before anything is written: a header-only file fails here, and
  // the number columns' decimal format is detected from it.
  const firstBatch: string[][] = [];
  for (
    let rows = await readRows(BATCH_SIZE);
    rows.length > 0;
    rows = firstBatch.length < BATCH_SIZE ? await readRows(BATCH_SIZE - firstBatch.length) : []
  ) {
    firstBatch.push(...rows);
  }
  if (firstBatch.every(isBlankRow)) throw badRequest(importMessage('headerOnly'));
  plan = withDecimals(plan, firstBatch, csv.format.delimiter === ';' ? ',' : '.');

  const evaluator: EvaluatorData = {
    template,
    plan,
    database: factors.database,
    factors: factors.factors,
    ...(job.machineSet ? { machineSet: job.machineSet } : {}),
    lang,
    decimal: csv.format.delimiter === ';' ? ',' : '.',
  };
  const prepared: PreparedImport = { fullMapping, evaluator, firstBatch, firstRow: headerRow + 1, readRows };

  if (job.dryRun) return proceed(job, prepared, null);
  const now = isoNow();
  const values = {
    mandant_id: job.mandantId,
    created_by: user.id,
    file_name: job.fileName,
    template_id: template.id,
    template_version: template.version,
    database_id: factors.database.id,
    mapping: JSON.stringify(fullMapping),
    mode: job.mode,
    status: 'running' as const,
    encoding: csv.format.encoding,
    delimiter: csv.format.delimiter,
    rows_total: 0,
    rows_ok: 0,
    rows_failed: 0,
    message: null,
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
  return withClaimedImport(
    db,
    values,
    async (inserted) => {
      const record = toImportRecord(inserted);
      job.onStart?.(record.id);
      return proceed(job, prepared, record);
    },
    (trx) => (job.templateStored ? shareTemplateVersion(trx, template) : Promise.resolve()),
  );
}

/**
 * An app-created template version must still exist when the running import is recorded. PostgreSQL:
 * FOR SHARE makes a concurrent delete wait for the record, which the delete then sees and refuses
 * (templates/editor-routes.ts); a version deleted first is not found here.
 */
async function shareTemplateVersion(trx: Kysely<DatabaseSchema>, template: Template): Promise<void> {
  const query = trx
    .selectFrom('template_versions')
    .select('id')
    .where('template_id', '=', template.id)
    .where('version', '=', template.version);
  const row = await (dialectOf(trx) === 'postgres' ? query.forShare() : query).executeTakeFirst();
  if (!row) throw notFound(templateMessage('noVersion', { id: template.id, version: template.version }));
}

/** What the header and the first batch told: the mapping, the evaluator and the rows read so far. */
interface PreparedImport {
  fullMapping: ColumnMapping;
  evaluator: EvaluatorData;
  firstBatch: string[][];
  /** The first data row's number as the spreadsheet shows it. */
  firstRow: number;
  readRows(max: number): Promise<string[][]>;
}

/** The import's record and its rows counted, written and failed so far, as the steps below update them. */
interface ImportTally {
  record: ImportRecord | null;
  importId: number;
  errors: RowError[];
  total: number;
  ok: number;
  failed: number;
}

type ImportOutcome = { status: 'succeeded' | 'failed' | 'cancelled'; message: string | null };
/** Set when the job stopped before its end: the one rule of recovery.ts applies. */
type ImportStop = { status: 'failed' | 'cancelled'; reason: StopReason };

/** Counts a batch's outcome (errors are collected); answers its good rows. */
function countBatch(tally: ImportTally, outcome: BatchOutcome): ImportedRow[] {
  tally.total += outcome.good.length + outcome.failed;
  tally.failed += outcome.failed;
  for (const error of outcome.errors) if (tally.errors.length < MAX_STORED_ERRORS) tally.errors.push(error);
  return outcome.good;
}

async function* uploadedBatches(prepared: PreparedImport): AsyncGenerator<string[][]> {
  const { firstBatch, readRows } = prepared;
  yield firstBatch;
  let batch: string[][] = [];
  for (let rows = await readRows(BATCH_SIZE); rows.length > 0; rows = await readRows(BATCH_SIZE - batch.length)) {
    if (batch.length === 0) batch = rows;
    else batch.push(...rows);
    if (batch.length === BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The good rows of every batch, in order. Batches are read ahead and handed to the evaluation
 * as soon as they are read — up to EVALUATED_AHEAD of them — so that with a worker the next
 * batches are computed while the caller writes this one (on SQLite the write blocks this thread).
 * A batch is answered as soon as it is computed: nothing waits for rows not yet uploaded.
 */
async function* evaluatedBatches(
  tally: ImportTally,
  prepared: PreparedImport,
  evaluation: ReturnType<typeof startBatchEvaluation>,
): AsyncGenerator<ImportedRow[]> {
  const source = uploadedBatches(prepared)[Symbol.asyncIterator]();
  let sent = 0;
  const request = (): Promise<BatchOutcome | null> =>
    source.next().then((next) => {
      if (next.done) return null;
      const outcome = evaluation.evaluate(next.value, prepared.firstRow + sent);
      sent += next.value.length;
      return outcome;
    });
  const ahead: Promise<BatchOutcome | null>[] = [];
  const readAhead = () => {
    const next = request();
    // Awaited in turn below; should the import stop first, its failure is of no interest.
    next.catch(() => undefined);
    ahead.push(next);
  };
  try {
    for (let i = 0; i < EVALUATED_AHEAD; i++) readAhead();
    for (let outcome = await ahead.shift()!; outcome; outcome = await ahead.shift()!) {
      readAhead();
      yield countBatch(tally, outcome);
    }
  } finally {
    // Not awaited: a read still waiting for the upload ends with it (cancel, abort, end).
    source.return(undefined).catch(() => undefined);
  }
}

function checkCancel(job: ImportJob): void {
  if (job.signal.aborted) throw new Cancelled();
}

const importOwner = (job: ImportJob, tally: ImportTally) => ({
  mandantId: job.mandantId,
  userId: job.user.id,
  importId: tally.importId,
});

/** A dry run: every row validated and computed, nothing written. */
async function countDryRun(
  job: ImportJob,
  tally: ImportTally,
  batches: () => AsyncGenerator<ImportedRow[]>,
): Promise<ImportOutcome> {
  for await (const good of batches()) {
    checkCancel(job);
    tally.ok += good.length;
  }
  return { status: tally.failed > 0 ? 'failed' : 'succeeded', message: null };
}

/** all_or_nothing: one transaction that keeps the rows only if none failed, and closes the record with them. */
async function writeAllOrNothing(
  job: ImportJob,
  tally: ImportTally,
  batches: () => AsyncGenerator<ImportedRow[]>,
): Promise<ImportOutcome> {
  const owner = importOwner(job, tally);
  await job.db.transaction().execute(async (trx) => {
    // Held to the end: no recovery closes the record under the open transaction (recovery.ts).
    if (tally.record && !(await lockUnfinishedImport(trx, tally.importId))) throw new ClosedElsewhere();
    const writes = new WriteAhead();
    try {
      for await (const good of batches()) {
        checkCancel(job);
        // After the first bad row nothing will be kept: keep validating for the report, stop writing.
        if (tally.failed === 0)
          await writes.next(async () => void (tally.ok += (await writeImportedBatch(trx, owner, good)).length));
      }
    } finally {
      await writes.settle();
    }
    await writes.drain();
    if (tally.failed > 0) throw new RollBack();
    await finishRecord(job, tally, trx, 'succeeded', null);
  });
  return { status: 'succeeded', message: null };
}

/** valid_rows: each batch's good rows committed on their own, with the record's counts. */
async function writeValidRows(
  job: ImportJob,
  tally: ImportTally,
  batches: () => AsyncGenerator<ImportedRow[]>,
): Promise<ImportOutcome> {
  const { importId } = tally;
  const owner = importOwner(job, tally);
  const writes = new WriteAhead();
  try {
    for await (const good of batches()) {
      checkCancel(job);
      const counts = { total: tally.total, failed: tally.failed };
      await writes.next(() =>
        job.db.transaction().execute(async (trx) => {
          // A batch is written only while the record is running, and a recovery waits for it (recovery.ts).
          if (!(await lockUnfinishedImport(trx, importId))) throw new ClosedElsewhere();
          tally.ok += (await writeImportedBatch(trx, owner, good)).length;
          await trx
            .updateTable('imports')
            .set({ rows_total: counts.total, rows_ok: tally.ok, rows_failed: counts.failed, updated_at: isoNow() })
            .where('id', '=', importId)
            .execute();
        }),
      );
    }
  } finally {
    // A batch still committing when the loop stops (cancel) must be counted before the job is closed.
    await writes.settle();
  }
  await writes.drain();
  return { status: 'succeeded', message: null };
}

/** How a walk that threw ends: its outcome and whether it stopped early, or the error the caller answers. */
async function failedWalk(
  job: ImportJob,
  tally: ImportTally,
  problem: unknown,
): Promise<{ outcome: ImportOutcome; stopped: ImportStop | null }> {
  const lang = job.user.language;
  const { record, importId } = tally;
  if (problem instanceof RollBack) {
    tally.ok = 0;
    const message = wordFault(importMessage('rowsFailed', { failed: tally.failed, total: tally.total }), lang);
    return { outcome: { status: 'failed', message }, stopped: null };
  } else if (problem instanceof Cancelled || job.signal.aborted) {
    const outcome: ImportOutcome = { status: 'cancelled', message: wordFault(importMessage('cancelled'), lang) };
    return { outcome, stopped: { status: 'cancelled', reason: 'cancelled' } };
  } else if (isConnectionLoss(problem)) {
    // Closed now if the database is back already; else by the sweep once it is (recovery.ts), same rule.
    if (record) await stopJob(job, tally, { status: 'failed', reason: 'connectionLost' }).catch(() => undefined);
    throw unavailable(importMessage('connectionLost'));
  } else if (isAbort(problem)) {
    const outcome: ImportOutcome = { status: 'cancelled', message: wordFault(importMessage('cancelled'), lang) };
    return { outcome, stopped: { status: 'cancelled', reason: 'cancelled' } };
  } else if (problem instanceof CsvStreamError && problem.reason === 'tooLarge') {
    // valid_rows may have committed batches already: an oversized file keeps nothing.
    if (record) await job.db.transaction().execute(async (trx) => deleteImportedCalculations(trx, importId));
    if (record) await finishOutside(job, tally, 'failed', job.tooLargeMessage, 0);
    throw problem;
  } else {
    if (record)
      await stopJob(
        job,
        tally,
        { status: 'failed', reason: 'cancelled' },
        problem instanceof Refusal ? problem : null,
      ).catch(() => undefined);
    throw problem;
  }
}

/** Closes the record with the job's counts, and protocols the rows it kept. */
async function finishRecord(
  job: ImportJob,
  tally: ImportTally,
  trx: Kysely<DatabaseSchema>,
  status: 'succeeded' | 'failed' | 'cancelled',
  message: string | null,
): Promise<void> {
  if (!tally.record) return;
  const { total, ok, failed } = tally;
  const now = isoNow();
  const row = await trx
    .updateTable('imports')
    .set({
      status,
      message,
      rows_total: total,
      rows_ok: ok,
      rows_failed: failed,
      updated_at: now,
      finished_at: now,
      version: tally.record.version + 1,
    })
    .where('id', '=', tally.importId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const record = toImportRecord(row);
  tally.record = record;
  if (ok > 0) {
    await recordChange(trx, job.source, {
      action: 'imported',
      resource: 'imports',
      record,
      label: record.file_name,
      params: { rows: ok, failed, template: job.template.id, file: record.file_name },
    });
  }
}

/** Closes the record by the rule for a stopped import; `cause`: the error whose message it keeps instead. */
async function stopJob(job: ImportJob, tally: ImportTally, stop: ImportStop, cause?: Refusal | null): Promise<void> {
  if (!tally.record) return;
  const { db } = job;
  const lang = job.user.language;
  const { importId } = tally;
  const counts = { rows_total: tally.total, rows_failed: tally.failed };
  const kept = await closeStoppedImport(db, { id: importId, mode: job.mode, lang, counts }, stop.status, stop.reason);
  const row = await db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirstOrThrow();
  tally.record = toImportRecord(row);
  tally.ok = kept ?? tally.record.rows_ok;
  if (cause !== undefined && kept !== null) {
    // An unexpected failure: same rule, its own message (none for an internal error).
    const message = cause ? wordFault(cause.text, lang) : null;
    await db.updateTable('imports').set({ message }).where('id', '=', importId).execute();
    tally.record = { ...tally.record, message };
  }
}

async function finishOutside(
  job: ImportJob,
  tally: ImportTally,
  status: 'succeeded' | 'failed' | 'cancelled',
  message: string | null,
  kept: number,
): Promise<void> {
  tally.ok = kept;
  await job.db.transaction().execute(async (trx) => finishRecord(job, tally, trx, status, message));
}

/** Validates, computes and (unless a dry run) writes every row; closes the job record. */
async function proceed(job: ImportJob, prepared: PreparedImport, created: ImportRecord | null): Promise<ImportReport> {
  const { db, user, csv } = job;
  const lang = user.language;
  const tally: ImportTally = { record: created, importId: created?.id ?? 0, errors: [], total: 0, ok: 0, failed: 0 };

  const evaluation = startBatchEvaluation(prepared.evaluator, {
    firstBatchRows: prepared.firstBatch.length,
    batchSize: BATCH_SIZE,
    writesBlock: dialectOf(db) === 'sqlite',
  });
  const batches = () => evaluatedBatches(tally, prepared, evaluation);

  let outcome: ImportOutcome;
  let stopped: ImportStop | null = null;
  try {
    if (job.dryRun) outcome = await countDryRun(job, tally, batches);
    else if (job.mode === 'all_or_nothing') outcome = await writeAllOrNothing(job, tally, batches);
    else outcome = await writeValidRows(job, tally, batches);
  } catch (problem) {
    ({ outcome, stopped } = await failedWalk(job, tally, problem));
  } finally {
    await evaluation.close();
  }

  if (stopped) await stopJob(job, tally, stopped);
  else if (tally.record && !(job.mode === 'all_or_nothing' && outcome.status === 'succeeded')) {
    await finishOutside(job, tally, outcome.status, outcome.message, tally.ok);
  }
  if (tally.record && tally.errors.length > 0) await storeErrors(db, tally.importId, tally.errors);

  return {
    import: tally.record,
    dry_run: job.dryRun,
    rows_total: tally.total,
    rows_ok: tally.ok,
    rows_failed: tally.failed,
    encoding: csv.format.encoding,
    delimiter: csv.format.delimiter,
    mapping: prepared.fullMapping,
    errors: tally.errors.slice(0, REPORTED_ERRORS).map((e) => toRowError(e, lang)),
  };
}

async function storeErrors(db: Kysely<DatabaseSchema>, importId: number, errors: readonly RowError[]): Promise<void> {
  for (let start = 0; start < errors.length; start += 500) {
    await db
      .insertInto('import_errors')
      .values(
        errors.slice(start, start + 500).map((e) => ({
          import_id: importId,
          row: e.row,
          column: e.column,
          value: e.value === null ? null : e.value.slice(0, 1000),
          message_key: e.key,
          params: JSON.stringify({ fault: e.fault }),
        })),
      )
      .execute();
  }
}
