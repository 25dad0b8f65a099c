/**
 * Validating and computing an import's rows a batch at a time — in this thread, or in a worker
 * thread while this one parses the upload and writes the previous batch.
 *
 * On SQLite every write runs synchronously in this thread (better-sqlite3), so computing in the
 * same thread added the computation's time to the writes' (a 100,000-row import: ~3.5 s of
 * computing plus ~4.5 s of writing). A worker computes batch N+1 while batch N is written, on the
 * machine's other core. The worker runs exactly the code of the in-thread evaluation
 * (evaluate-row.ts), from the same template, mapping plan, factor database and machine set.
 *
 * On PostgreSQL the writes are I/O this thread waits for, so it computes the next batch meanwhile
 * anyway; a worker there only competed with the database server for the cores and held ~50 MB
 * (measured: no faster). The worker is worth its start (~0.1 s, a module graph of its own) only
 * for files of more than one batch; the first batch is computed here while it starts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FactorDatabaseRecord, FactorRecord } from '../../core/api';
import { isBlankRow, type DecimalSeparator, type RowPlan } from '../../core/csv';
import type { Language } from '../../core/languages';
import type { Template } from '../../core/template';
import { toFactorSet } from '../factors/factor-set';
import { toProductionSet, type MachineSetData } from '../machines/production';
import { evaluateRow, type RowError, type RowEvaluator } from './evaluate-row';
import type { ImportedRow } from '../calculations/bulk-write';

/** What a batch came to: its good rows in order, the errors of the others and how many failed. */
export interface BatchOutcome {
  good: ImportedRow[];
  errors: RowError[];
  failed: number;
}

export interface BatchEvaluation {
  /** `firstRow`: the batch's first row's number as a spreadsheet shows it (the header is row 1); row errors carry it. */
  evaluate(rows: string[][], firstRow: number): Promise<BatchOutcome>;
  close(): Promise<void>;
}

/** Everything a worker needs to evaluate rows as evaluateRow here would: plain data only. */
export interface EvaluatorData {
  template: Template;
  plan: RowPlan;
  database: FactorDatabaseRecord;
  factors: FactorRecord[];
  /** The mandant's current published machine set, which machine fields name machines of (none: no machines). */
  machineSet?: MachineSetData;
  lang: Language;
  decimal: DecimalSeparator;
}

export type WorkerRequest = { id: number; rows: string[][]; firstRow: number };
export type WorkerAnswer = { id: number; outcome: BatchOutcome } | { id: number; failure: string };

export function toRowEvaluator(data: EvaluatorData): RowEvaluator {
  const factors = toFactorSet(data.database, data.factors);
  return {
    template: data.template,
    plan: data.plan,
    factors,
    production: data.machineSet && toProductionSet(data.machineSet),
    lang: data.lang,
    context: { decimal: data.decimal, factors: factors.factors, machines: data.machineSet?.machines ?? [] },
  };
}

export function evaluateBatch(evaluator: RowEvaluator, rows: readonly string[][], firstRow: number): BatchOutcome {
  const good: ImportedRow[] = [];
  const errors: RowError[] = [];
  let failed = 0;
  rows.forEach((cells, i) => {
    if (isBlankRow(cells)) return;
    const outcome = evaluateRow(evaluator, firstRow + i, cells);
    if (outcome.ok) good.push(outcome.row);
    else {
      failed++;
      errors.push(...outcome.errors);
    }
  });
  return { good, errors, failed };
}

function inThisThread(evaluator: RowEvaluator): BatchEvaluation {
  return {
    evaluate: async (rows, firstRow) => evaluateBatch(evaluator, rows, firstRow),
    close: async () => undefined,
  };
}

/**
 * The worker's entry: the bundle's sibling `import-worker.cjs` when running from dist/server
 * (scripts/build-server.mjs builds both), else the TypeScript source through tsx (tests, scripts).
 */
function spawnWorker(data: EvaluatorData): Worker {
  const here = fileURLToPath(import.meta.url);
  const options = { workerData: data, resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 32 } };
  if (here.endsWith('.cjs')) return new Worker(path.join(path.dirname(here), 'import-worker.cjs'), options);
  const source = path.join(path.dirname(here), 'evaluation-worker.ts');
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(source)});`, {
    ...options,
    eval: true,
  });
}

/**
 * Batches go to the worker in order and come back in order. Should the worker itself fail (it
 * could not start, ran out of memory, exited), the batches it still held and every later one
 * are computed in this thread: slower, but the import goes on.
 */
function inWorker(data: EvaluatorData, here: RowEvaluator): BatchEvaluation {
  let worker: Worker;
  try {
    worker = spawnWorker(data);
  } catch {
    return inThisThread(here);
  }
  const waiting = new Map<
    number,
    { rows: string[][]; firstRow: number; resolve(outcome: BatchOutcome): void; reject(problem: Error): void }
  >();
  let nextId = 0;
  let workerGone = false;
  let started = false;
  const takeOver = () => {
    if (workerGone) return;
    workerGone = true;
    for (const request of waiting.values()) {
      try {
        request.resolve(evaluateBatch(here, request.rows, request.firstRow));
      } catch (problem) {
        request.reject(problem as Error);
      }
    }
    waiting.clear();
  };
  worker.on('message', (answer: WorkerAnswer) => {
    const request = waiting.get(answer.id);
    if (!request) return;
    waiting.delete(answer.id);
    if ('outcome' in answer) request.resolve(answer.outcome);
    else request.reject(new Error(answer.failure));
  });
  worker.on('error', takeOver);
  worker.on('exit', takeOver);
  return {
    async evaluate(rows, firstRow) {
      // The first batch is computed here while the worker starts.
      if (!started || workerGone) {
        started = true;
        return evaluateBatch(here, rows, firstRow);
      }
      const id = nextId++;
      return new Promise<BatchOutcome>((resolve, reject) => {
        waiting.set(id, { rows, firstRow, resolve, reject });
        worker.postMessage({ id, rows, firstRow } satisfies WorkerRequest);
      });
    },
    async close() {
      workerGone = true;
      await worker.terminate();
    },
  };
}

/**
 * An evaluation for an import whose first batch held `firstBatchRows` rows: a worker if the
 * writes block this thread (`writesBlock`: SQLite) and the file may hold more than that batch,
 * else this thread.
 */
export function startBatchEvaluation(
  data: EvaluatorData,
  options: { firstBatchRows: number; batchSize: number; writesBlock: boolean },
): BatchEvaluation {
  const here = toRowEvaluator(data);
  return options.writesBlock && options.firstBatchRows >= options.batchSize ? inWorker(data, here) : inThisThread(here);
}
