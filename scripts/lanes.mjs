/**
 * Runs commands side by side, at most as many at once as there are cores (at most two), in the order given: each one's
 * output is printed when it ends, with its time, and after the first failure no further command starts (the ones
 * running end first) and the whole fails (issue #38). tsc, ESLint, knip and a Vite build each spend most of their time
 * in one thread, so one after the other they left the second core idle.
 *
 * As a script: `node scripts/lanes.mjs <npm script> …` runs those npm scripts so.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';

/** @typedef {[name: string, command: string, args: string[], env?: Record<string, string>]} Step */

/** @param {Step} step */
function run([name, command, args, env]) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`== ${name}: ${code === 0 ? 'done' : `failed (${code})`} in ${seconds} s\n${output}`);
      if (code === 0) resolve(undefined);
      else reject(new Error(`${name} failed`));
    });
  });
}

/** @param {Step[]} steps @returns {Promise<boolean>} whether every step passed */
export async function runInLanes(steps) {
  const queue = [...steps];
  const lanes = Math.max(1, Math.min(2, availableParallelism()));
  let failed = false;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (queue.length && !failed) {
        try {
          await run(/** @type {Step} */ (queue.shift()));
        } catch (error) {
          failed = true;
          process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
    }),
  );
  return !failed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const passed = await runInLanes(process.argv.slice(2).map((script) => [script, 'npm', ['run', '--silent', script]]));
  if (!passed) process.exitCode = 1;
}
