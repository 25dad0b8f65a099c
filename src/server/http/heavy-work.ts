/**
 * A ceiling on concurrent heavy work (issue 32): the answers whose cost grows with the data — report and
 * certificate PDFs, CSV exports, a verification page rendered for the first time — each take a slot. At most
 * HEAVY_WORK_CONCURRENCY run at once, HEAVY_WORK_QUEUE more wait in line (first come, first served), and anyone past
 * that gets 503 with `Retry-After` at once instead of a share of a heap that cannot hold them all. Light requests
 * (lists, records, /api/health) never wait here. A slot is held until the response has gone out or its client has
 * gone away (a streamed PDF holds it while it streams); a client that leaves while waiting leaves the line.
 * `app.kontor.heavyWork` is the lane of the downloads; verification pages render in a lane of their own
 * (reports/routes.ts), so public readers never queue behind the back office's PDFs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { msg } from '../../core/i18n/error-keys';
import { HttpError } from './errors';

export interface HeavyWorkLimits {
  /** Heavy answers produced at once. */
  concurrent: number;
  /** Heavy requests waiting for a slot; more are refused with 503. */
  queue: number;
}

/** What a refused client is told to wait (`Retry-After`), in seconds. */
export const HEAVY_RETRY_AFTER_SECONDS = 5;

export class HeavyWorkBusy extends HttpError {
  constructor() {
    super(503, msg('errors.busy', { seconds: HEAVY_RETRY_AFTER_SECONDS }));
  }
}

export class HeavyWork {
  private running = 0;
  private readonly line: Array<() => void> = [];

  constructor(readonly limits: HeavyWorkLimits) {}

  /** Slots in use and requests waiting (for tests and the log). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.line.length };
  }

  /**
   * A slot: at once, after waiting in line, or HeavyWorkBusy when the line is full. With `response`, the slot is
   * given back when the response closes (sent or abandoned), and a client that leaves while waiting leaves the line;
   * `release` gives it back earlier (and is the only way without `response`).
   */
  async acquire(response: ServerResponse | null): Promise<() => void> {
    if (this.running >= this.limits.concurrent) {
      if (this.line.length >= this.limits.queue) throw new HeavyWorkBusy();
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          response?.off('close', leave);
          resolve();
        };
        const leave = () => {
          const index = this.line.indexOf(turn);
          if (index >= 0) this.line.splice(index, 1);
          reject(new HeavyWorkBusy());
        };
        this.line.push(turn);
        response?.once('close', leave);
      });
    } else this.running += 1;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      response?.off('close', release);
      const next = this.line.shift();
      // The slot passes straight to the next in line: `running` stays as it is.
      if (next) next();
      else this.running -= 1;
    };
    response?.once('close', release);
    return release;
  }

  /** `work` in a slot, given back when it is done (work shared by several requests, such as a page rendered once). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(null);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** A preHandler that holds a slot for the whole request, its streamed body included. */
  readonly hook = async (_request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      await this.acquire(reply.raw);
    } catch (error) {
      if (error instanceof HeavyWorkBusy) void reply.header('Retry-After', String(HEAVY_RETRY_AFTER_SECONDS));
      throw error;
    }
  };
}
