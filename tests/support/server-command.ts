/**
 * The node options `npm start` runs the server bundle with, read from package.json's start script
 * so that the e2e tests and the benchmarks run the server exactly as operators do.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const SERVER_BUNDLE = 'dist/server/main.cjs';

export function serverNodeArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const command = pkg.scripts.start
    .split('&&')
    .map((part) => part.trim())
    .find((part) => part.startsWith('node ') && part.endsWith(SERVER_BUNDLE));
  if (!command) throw new Error(`package.json's start script does not run "node … ${SERVER_BUNDLE}"`);
  return command.split(/\s+/).slice(1, -1);
}
