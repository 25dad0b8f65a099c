/**
 * The 40-field generated form in Chromium: render time and keystroke-to-preview latency. The measurement itself is
 * the browser test `tests/e2e/calculation-performance.test.ts`, run here with KONTOR_PERF=1 against the built SPA.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Benchmark } from './run';

const ROOT = path.resolve(import.meta.dirname, '../..');

export const formBenchmark: Benchmark = {
  name: 'Generated form in Chromium (40 fields)',
  async run(print) {
    if (!existsSync(path.join(ROOT, 'dist/client/index.html'))) {
      print('  skipped: build the SPA first (npm run build)');
      return;
    }
    const result = spawnSync(
      'npx',
      ['vitest', 'run', '--project', 'e2e', 'tests/e2e/calculation-performance.test.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, KONTOR_PERF: '1' },
        encoding: 'utf8',
      },
    );
    const lines = `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => line.includes('[bench]'));
    for (const line of lines) print(`  ${line.replace('[bench] ', '')}`);
    if (result.status !== 0) throw new Error(`the browser measurement failed:\n${result.stdout.slice(-2000)}`);
  },
};
