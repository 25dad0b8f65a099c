/**
 * Server start-up time: buildApp + listen in-process on an empty SQLite database (migrations and
 * demo seed included) and on an existing one; plus a cold process until /api/health answers, as
 * `npm start` runs it (the bundle dist/server/main.cjs) and from the sources through tsx.
 */
import { execFileSync, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { freshDatabase } from './databases';
import type { Benchmark } from './run';
import { formatSummary, summarize } from './stats';

const RUNS = 7;

async function startOnce(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const app = await buildApp({ config: loadConfig(env) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const elapsed = performance.now() - started;
  await app.close();
  return elapsed;
}

async function coldProcess(args: string[], env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  try {
    const deadline = started + 30_000;
    for (;;) {
      if (performance.now() > deadline) throw new Error('server did not become healthy within 30 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export const startupBenchmark: Benchmark = {
  name: 'server start-up',
  async run(print) {
    // Warm the module cache once so the in-process figures measure the app, not the first import.
    const warm = await freshDatabase('sqlite');
    await startOnce(warm.env);
    await warm.dispose();

    const empty: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const db = await freshDatabase('sqlite');
      empty.push(await startOnce(db.env));
      await db.dispose();
    }
    print(formatSummary('buildApp + listen, empty SQLite (migrate + seed)', summarize(empty)));

    const existing = await freshDatabase('sqlite');
    await startOnce(existing.env);
    const again: number[] = [];
    for (let i = 0; i < RUNS; i++) again.push(await startOnce({ ...existing.env, SEED_DEMO: 'false' }));
    print(formatSummary('buildApp + listen, existing SQLite', summarize(again)));

    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    for (const [label, args] of [
      ['cold process (node dist/server/main.cjs, as npm start) until /api/health', ['dist/server/main.cjs']],
      ['cold process (node + tsx src/server/main.ts) until /api/health', ['--import', 'tsx', 'src/server/main.ts']],
    ] as const) {
      const cold: number[] = [];
      for (let i = 0; i < 3; i++)
        cold.push(await coldProcess([...args], { ...existing.env, LOG_LEVEL: 'warn' }, 39_100 + i));
      print(formatSummary(label, summarize(cold)));
    }
    await existing.dispose();
  },
};
