/**
 * Vite's part of the mock mode (`vite --mode mocks`, issue #36): the demo recording as a virtual module
 * (`virtual:kontor-mock-recording`, made by scripts/mock-recording.ts from the server's own seed and routes) and msw's
 * service worker script, served from the installed msw package rather than a copy in public/ (a copy would ship in
 * every production build and go stale on an msw update). Other modes get nothing from this plugin.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:kontor-mock-recording';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const WORKER_FILE = 'mockServiceWorker.js';

export function mockMode(root: string): Plugin {
  const workerPath = path.join(
    path.dirname(createRequire(import.meta.url).resolve('msw/package.json')),
    'lib',
    WORKER_FILE,
  );
  let recording: string | undefined;
  return {
    name: 'kontor-mock-mode',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // The server's app on an in-memory database, in its own process (native SQLite, Node-only code); once per start.
      recording ??= execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/mock-recording.ts')], {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
      });
      return `export default ${recording};`;
    },
    configureServer(server) {
      server.middlewares.use(`/${WORKER_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(fs.readFileSync(workerPath));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WORKER_FILE, source: fs.readFileSync(workerPath) });
    },
  };
}
