/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { signInMessages } from './scripts/sign-in-messages';
import { mockMode } from './scripts/mock-mode';
import { slowdown } from './tests/support/load';

// One config for the SPA build and the four test suites. The client lives in src/client;
// the server (src/server) is not bundled by Vite: it runs under tsx. `--mode mocks` (npm run dev:mocks) is the SPA on
// msw handlers in the browser, with no server and no database (src/mocks, issue #36), built into dist/mocks.
// `npm run build:e2e` (scripts/build-e2e.mjs) sets KONTOR_E2E_BUILD=1: the builds the end-to-end suite serves skip what
// only a release needs (issue #38): the printed gzip size of every chunk, and the compressed copies of the mocks build,
// which the suite serves with Vite's preview server, not Kontor's. The app keeps them: the suite serves it as
// `npm start` does.
const forEndToEnd = process.env.KONTOR_E2E_BUILD === '1';

export default defineConfig(({ mode }) => ({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [
    react(),
    signInMessages(path.resolve(import.meta.dirname, 'locales')),
    // Brotli and gzip copies beside each hashed asset, served by Accept-Encoding (src/server/spa.ts). Not config.js:
    // operators edit it on a running installation, and a stale compressed copy would win over their change.
    !(forEndToEnd && mode === 'mocks') &&
      compression({
        include: /(^|[\\/])assets[\\/][^\\/]+\.(js|css|svg|json)$/,
        threshold: 1024,
        algorithms: ['brotliCompress', 'gzip'],
      }),
    mode === 'mocks' && mockMode(import.meta.dirname),
  ],
  build: {
    outDir: mode === 'mocks' ? '../../dist/mocks' : '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: !forEndToEnd,
  },
  server: {
    proxy: mode === 'mocks' ? undefined : { '/api': 'http://127.0.0.1:3000' },
  },
  test: {
    root: '.',
    // A test file that stops reporting is ended with a failure naming it, not waited for (issue #38: a CI run once
    // sat 90 minutes in the UI suite without a line). In CI every test prints as it ends, with its time: the default
    // reporter prints a file only when it ends, and a form-editor file takes half an hour on a loaded machine.
    reporters: [process.env.CI ? 'verbose' : 'default', './tests/support/stall-watchdog.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts', 'tests/support/cpu-times.ts'],
          // Pure functions of src/core: one module graph per worker (47 → 15 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: '.',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own SQLite file and its own PostgreSQL database, so files run side by
          // side and share one module graph per worker: 10 → 5 minutes, two fifths of it importing the server anew
          // for every file. (The UI suite keeps isolation: jsdom files leak state into each other without it.)
          isolate: false,
          // The demo data seeded once per database for the run; each suite starts on a copy (tests/api/seeded-data.ts).
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/support/cpu-times.ts'],
          testTimeout: 30_000 * slowdown(),
          hookTimeout: 60_000 * slowdown(),
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          root: '.',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          globalSetup: ['tests/ui/global-setup.ts'],
          setupFiles: ['tests/ui/setup.ts', 'tests/support/cpu-times.ts'],
          // Generous for a loaded machine: a test waits for renders, not for wall-clock time (issue #38). The timeouts
          // of the API, UI and e2e suites grow with the machine's load when the run starts (tests/support/load.ts).
          // Each file in its own module graph: with one graph per worker (isolate: false) the whole suite took 740 s
          // against 451 s isolated, single tests up to 96 s (measured 2026-11-29 on a quiet machine, issue #38).
          testTimeout: 60_000 * slowdown(),
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The demo data seeded once for the run; each file's server starts on a copy (tests/e2e/harness.ts).
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/support/cpu-times.ts'],
          // Files side by side on two workers (`--maxWorkers=2` in package.json): each file has a server of its own on
          // a free port and a copy of the data directory, and a Chromium of its own, so nothing is shared but the
          // cores; one file at a time left a core idle while a page waited for its server and the other way round.
          testTimeout: 60_000 * slowdown(),
          hookTimeout: 120_000 * slowdown(),
          // expect.poll gives up after 1 s by default: a form that renders in 1.2 s on a busy machine failed a
          // check that waited for it (mock-mode, CI at load 9). A poll ends as soon as it holds, so a longer limit
          // only lengthens a failure.
          expect: { poll: { timeout: 15_000 * slowdown() } },
        },
      },
    ],
  },
}));
