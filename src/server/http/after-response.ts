/**
 * Work a route does after its response has been sent, so that how long the answer takes cannot tell
 * what the work found (forgot-password: whether the address has an account). Such work has nobody
 * to report to: a failure is logged and never reaches the process. Closing the app waits for it
 * (bounded, so a mail server that never answers cannot hold a shutdown forever).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

const CLOSE_WAIT_MS = 10_000;

export interface AfterResponse {
  /**
   * Runs `task` once the tasks queued before it have finished, so tasks that check and then write
   * (count recent reset links, then add one) do not interleave within this process.
   */
  queue(what: string, task: () => Promise<void>): void;
  /** Runs `task` now, beside everything else: slow I/O that nothing else waits for, such as sending a mail. */
  start(what: string, task: () => Promise<void>): void;
  /** Settles when everything queued or started so far has finished (tests wait for mails with it). */
  idle(): Promise<void>;
}

export function createAfterResponse(log: FastifyBaseLogger): AfterResponse {
  let chain: Promise<void> = Promise.resolve();
  const running = new Set<Promise<void>>();

  // setImmediate: the response is on its way before the task's first synchronous step runs.
  const guarded = (what: string, task: () => Promise<void>) => async () => {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await task();
    } catch (err) {
      log.error({ err }, `${what} failed after the response`);
    }
  };
  const track = (promise: Promise<void>) => {
    running.add(promise);
    void promise.finally(() => running.delete(promise));
  };

  return {
    queue(what, task) {
      chain = chain.then(guarded(what, task));
      track(chain);
    },
    start(what, task) {
      track(guarded(what, task)());
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/** Lets the app's close wait for work still running after responses. */
export function waitForAfterResponseOnClose(app: FastifyInstance, afterResponse: AfterResponse): void {
  app.addHook('onClose', async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        app.log.warn('closing without waiting longer for work after responses');
        resolve();
      }, CLOSE_WAIT_MS);
    });
    await Promise.race([afterResponse.idle(), timeout]);
    clearTimeout(timer);
  });
}
