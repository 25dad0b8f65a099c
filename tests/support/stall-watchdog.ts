/**
 * A vitest reporter that turns a stuck test file into a failure that names it (issue #38).
 *
 * vitest bounds a test and a hook by their timeouts, but nothing bounds a file: a worker whose event loop never comes
 * back (a synchronous loop, a render that never settles between macrotasks, an import that waits on itself) leaves
 * the run waiting forever — a fresh-clone CI once sat 90 minutes in the UI suite without a line of output. Every
 * test, hook and suite a worker starts or ends reports here; a file that reports nothing for far longer than its
 * project's timeouts allow is stuck. The watchdog names the file, the test or hook in progress, and ends the run with
 * a failure (vitest's own close stops the worker processes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { ReportedHookContext, Reporter, TestCase, TestModule, TestProject, TestSuite, Vitest } from 'vitest/node';

/** The least silence that counts as stuck: a heavy file's first import on a loaded machine can take a minute. */
const MIN_SILENCE_MS = 5 * 60_000;
const CHECK_EVERY_MS = 5_000;

interface Running {
  file: string;
  project: TestProject;
  lastSign: number;
  started: number;
  /** The test or hook the worker last said it began, if it has not said it ended. */
  current: string | null;
  /** The longest timeout a test of the file states for itself (known once the file is collected). */
  longestTestTimeout: number;
}

/**
 * The longest a worker may honestly stay silent: its slowest test (a test may state its own timeout) and that test's
 * before/after hooks, twice over.
 */
function silenceLimit(running: Running): number {
  // KONTOR_TEST_STALL_S sets it outright (the watchdog's own check uses a few seconds).
  const stated = Number(process.env.KONTOR_TEST_STALL_S);
  if (stated > 0) return stated * 1000;
  const { testTimeout, hookTimeout } = running.project.config;
  return Math.max(MIN_SILENCE_MS, 2 * (Math.max(testTimeout, running.longestTestTimeout) + 2 * hookTimeout));
}

/** The processes below `root` (Linux; elsewhere none, and vitest's close is left to do what it can). */
function descendants(root: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    try {
      // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while listed
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function moduleOf(hook: ReportedHookContext): TestModule {
  return hook.entity.type === 'module' ? hook.entity : hook.entity.module;
}

export default class StallWatchdog implements Reporter {
  private vitest: Vitest | undefined;
  private readonly running = new Map<string, Running>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private fired = false;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunStart() {
    this.timer ??= setInterval(() => this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  onTestRunEnd() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.running.clear();
  }

  onTestModuleQueued(module: TestModule) {
    const now = Date.now();
    this.running.set(module.id, {
      file: module.relativeModuleId,
      project: module.project,
      lastSign: now,
      started: now,
      current: 'importing the file',
      longestTestTimeout: 0,
    });
  }

  onTestModuleCollected(module: TestModule) {
    const running = this.running.get(module.id);
    if (running)
      for (const test of module.children.allTests())
        running.longestTestTimeout = Math.max(running.longestTestTimeout, test.options.timeout ?? 0);
    this.sign(module.id, null);
  }

  onTestModuleEnd(module: TestModule) {
    this.running.delete(module.id);
  }

  onTestSuiteReady(suite: TestSuite) {
    this.sign(suite.module.id, `suite "${suite.fullName}"`);
  }

  onTestSuiteResult(suite: TestSuite) {
    this.sign(suite.module.id, null);
  }

  onTestCaseReady(test: TestCase) {
    this.sign(test.module.id, `test "${test.fullName}"`);
  }

  onTestCaseResult(test: TestCase) {
    this.sign(test.module.id, null);
  }

  onHookStart(hook: ReportedHookContext) {
    this.sign(
      moduleOf(hook).id,
      `${hook.name} hook of "${hook.entity.type === 'module' ? hook.entity.relativeModuleId : hook.entity.fullName}"`,
    );
  }

  onHookEnd(hook: ReportedHookContext) {
    this.sign(moduleOf(hook).id, hook.entity.type === 'test' ? `test "${hook.entity.fullName}"` : null);
  }

  private sign(id: string, current: string | null) {
    const running = this.running.get(id);
    if (!running) return;
    running.lastSign = Date.now();
    running.current = current;
  }

  private check() {
    if (this.fired || !this.vitest) return;
    const now = Date.now();
    const stuck = [...this.running.values()].filter((r) => now - r.lastSign > silenceLimit(r));
    if (!stuck.length) return;
    this.fired = true;
    const lines = stuck.map(
      (r) =>
        `  ${r.file}: silent for ${Math.round((now - r.lastSign) / 1000)} s (running ${Math.round((now - r.started) / 1000)} s)` +
        `, last began: ${r.current ?? 'its next test (not yet reported)'}`,
    );
    this.vitest.logger.error(
      [
        '',
        `STALL WATCHDOG: a test file reports nothing for longer than its project's test and hook timeouts allow, so its`,
        'worker is stuck (a synchronous loop, a render that never settles, an import waiting on itself). Ending the run.',
        ...lines,
        '',
      ].join('\n'),
    );
    process.exitCode = 1;
    // vitest's close asks a running worker to cancel and waits for its answer, which a stuck worker never sends (it
    // stays behind at full CPU): stop the workers first.
    for (const pid of descendants(process.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    void this.vitest.exit(true);
  }
}
