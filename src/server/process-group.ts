/**
 * Several server processes on one port and one database (`WEB_CONCURRENCY` > 1, Node's cluster; issue #38 item 5).
 *
 * What is shared lives in the database, so any process may answer any request: sessions and API tokens, the
 * sign-in throttle's counters, the template registry (refreshed by a fingerprint query per request,
 * templates/registry.ts), list counts, imports and migrations. What a process keeps in memory is either
 * immutable (compiled validators per template and factor database version, factor sets of published databases)
 * or checked against the database on every use (the verification pages' cache asks whether the publication is
 * still live before it answers). Two things are per process and are settled here:
 * - The start-up work runs once, in the primary, before any worker exists: migrations, the demo seed, and closing
 *   imports left `running` by a stopped server. A worker that started them would race the others on SQLite and,
 *   on SQLite, take another worker's live import for an interrupted one.
 * - An import runs in the worker that received its upload. Workers tell the primary which imports they run, so
 *   that a cancel that reaches another worker is passed to the right one, and so that the imports of a worker that
 *   dies (kill -9, crash) are closed by the primary at once (on PostgreSQL the orphan sweep would also find them;
 *   on SQLite nothing else would until the next start).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './db/schema';

export interface ProcessGroup {
  /** True in a worker: the primary has prepared the database and closed interrupted imports before it started. */
  readonly worker: boolean;
  importStarted(importId: number): void;
  importEnded(importId: number): void;
  /** Lets the other processes stop an import of this one: `cancelHere` answers true if it runs here. */
  answerCancels(cancelHere: (importId: number) => boolean): void;
  /** Asks the process running `importId` to stop it; true if one did (false alone or if none runs it). */
  cancelElsewhere(importId: number): Promise<boolean>;
}

/** One process: nothing to tell anybody. */
export const SINGLE_PROCESS: ProcessGroup = {
  worker: false,
  importStarted: () => undefined,
  importEnded: () => undefined,
  answerCancels: () => undefined,
  cancelElsewhere: async () => false,
};

type ToPrimary =
  | { kontor: 'import-started' | 'import-ended'; importId: number }
  | { kontor: 'cancel-import'; importId: number; request: number };
type ToWorker =
  | { kontor: 'cancel-import'; importId: number; request: number }
  | { kontor: 'cancel-answer'; request: number; cancelled: boolean };

const isMessage = (value: unknown): value is { kontor: string } =>
  typeof value === 'object' && value !== null && typeof (value as { kontor?: unknown }).kontor === 'string';

/** The worker's side; the primary asks it to cancel an import when another worker received the cancel. */
export function workerProcessGroup(): ProcessGroup {
  let cancelHere: (importId: number) => boolean = () => false;
  const send = (message: ToPrimary) => process.send?.(message);
  const answers = new Map<number, (cancelled: boolean) => void>();
  let requests = 0;
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    const m = message as ToWorker;
    if (m.kontor === 'cancel-import') {
      process.send?.({ kontor: 'cancel-answer', request: m.request, cancelled: cancelHere(m.importId) });
    } else if (m.kontor === 'cancel-answer') {
      answers.get(m.request)?.(m.cancelled);
      answers.delete(m.request);
    }
  });
  return {
    worker: true,
    importStarted: (importId) => send({ kontor: 'import-started', importId }),
    importEnded: (importId) => send({ kontor: 'import-ended', importId }),
    answerCancels: (handler) => {
      cancelHere = handler;
    },
    cancelElsewhere: (importId) =>
      new Promise((resolve) => {
        const request = ++requests;
        // The primary answers at once; a primary that is gone answers never, and the cancel then finds nobody.
        const timer = setTimeout(() => {
          answers.delete(request);
          resolve(false);
        }, 5000);
        answers.set(request, (cancelled) => {
          clearTimeout(timer);
          resolve(cancelled);
        });
        send({ kontor: 'cancel-import', importId, request });
      }),
  };
}

export interface PrimaryOptions {
  workers: number;
  /** Closes the imports a dead worker was running (imports/recovery.ts). */
  closeImports(db: Kysely<DatabaseSchema>, importIds: number[]): Promise<number>;
  db: Kysely<DatabaseSchema>;
  log(line: string): void;
}

/** The primary: forks the workers, passes cancels between them, replaces one that dies, stops them all on a signal. */
export function runPrimary({ workers, closeImports, db, log }: PrimaryOptions): Promise<void> {
  const imports = new Map<Worker, Set<number>>();
  /** A cancel in flight: who asked, and how many workers have yet to answer. */
  const cancels = new Map<number, { from: Worker; request: number; waiting: number; cancelled: boolean }>();
  let cancelIds = 0;
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    imports.set(worker, new Set());
    worker.on('message', (message: unknown) => {
      if (!isMessage(message)) return;
      const m = message as ToPrimary | { kontor: 'cancel-answer'; request: number; cancelled: boolean };
      if (m.kontor === 'import-started') imports.get(worker)?.add(m.importId);
      else if (m.kontor === 'import-ended') imports.get(worker)?.delete(m.importId);
      else if (m.kontor === 'cancel-import') {
        const owners = [...imports].filter(([other, ids]) => other !== worker && ids.has(m.importId));
        if (owners.length === 0) {
          worker.send({ kontor: 'cancel-answer', request: m.request, cancelled: false } satisfies ToWorker);
          return;
        }
        const id = ++cancelIds;
        cancels.set(id, { from: worker, request: m.request, waiting: owners.length, cancelled: false });
        for (const [owner] of owners)
          owner.send({ kontor: 'cancel-import', importId: m.importId, request: id } satisfies ToWorker);
      } else if (m.kontor === 'cancel-answer') {
        const pending = cancels.get(m.request);
        if (!pending) return;
        pending.cancelled ||= m.cancelled;
        if (--pending.waiting > 0) return;
        cancels.delete(m.request);
        if (pending.from.isConnected())
          pending.from.send({
            kontor: 'cancel-answer',
            request: pending.request,
            cancelled: pending.cancelled,
          } satisfies ToWorker);
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const running = [...(imports.get(worker) ?? [])];
    imports.delete(worker);
    if (stopping) return;
    log(`worker ${worker.process.pid} stopped (${signal ?? `code ${code}`}); starting another`);
    if (running.length > 0)
      closeImports(db, running).then(
        (closed) => log(`closed ${closed} import(s) the stopped worker was running`),
        (problem: unknown) => log(`closing the stopped worker's imports failed: ${String(problem)}`),
      );
    fork();
  });

  for (let i = 0; i < workers; i++) fork();

  return new Promise((resolve) => {
    const stop = () => {
      if (stopping) return;
      stopping = true;
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      if (alive.length === 0) return resolve();
      let left = alive.length;
      for (const worker of alive) {
        worker.once('exit', () => {
          if (--left === 0) resolve();
        });
        worker.process.kill('SIGTERM');
      }
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
