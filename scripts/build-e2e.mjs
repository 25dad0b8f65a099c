/**
 * Everything the end-to-end suite serves, built side by side (issue #38): the app (dist/client), the storefront
 * (dist/storefront), the server bundle (dist/server) and the app on msw mocks (dist/mocks). One after the other, as
 * `npm run build && npm run build:server && npm run build:mocks`, the builds left a core idle most of the time: a
 * Vite build spends long stretches in Rollup's single thread. At most as many builds run at once as there are cores;
 * each one's output is printed when it ends, and the first failure fails the whole.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const builds = [
  // The two long ones first, so that they run beside each other.
  ['client', 'npx', ['vite', 'build']],
  ['mocks', 'npx', ['vite', 'build', '--mode', 'mocks']],
  ['storefront', 'npx', ['vite', 'build', '-c', 'vite.storefront.config.ts']],
  ['server', 'node', ['scripts/build-server.mjs']],
];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`== build ${name}: ${code === 0 ? 'done' : `failed (${code})`} in ${seconds} s\n${output}`);
      if (code === 0) resolve();
      else reject(new Error(`build ${name} failed`));
    });
  });
}

const queue = [...builds];
const lanes = Math.max(1, Math.min(2, availableParallelism()));
let failed = false;
await Promise.all(
  Array.from({ length: lanes }, async () => {
    // After a failure no further build starts; the one still running ends first.
    while (queue.length && !failed) {
      try {
        await run(queue.shift());
      } catch (error) {
        failed = true;
        process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
  }),
);
if (failed) process.exitCode = 1;
