/**
 * The JavaScript a browser loads for the login page and for the first page after signing in (the dashboard), as
 * issue #22 counts it: the gzip size of every script the page requested, summed (the dashboard figure includes the
 * login page's scripts, which it runs on). Beside it what actually went over the wire, and whether every script came
 * compressed. Builds the client and the server bundle from the current sources first, then drives Debian's Chromium
 * through playwright-core against the server as `npm start` runs it, each run in a fresh browser context (empty cache).
 * `npm run bench -- page` runs only this one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { freshDatabase } from './databases';
import type { Benchmark } from './run';
import { buildServerBundle, startServerProcess } from './server-process';
import { summarize } from './stats';

const RUNS = 3;
const LOGIN_TARGET_KB = 200;
const DASHBOARD_TARGET_KB = 320;
// The headless flags the e2e harness uses (tests/e2e/harness.ts).
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Script {
  url: string;
  gzip: number;
  wire: number;
  encoding: string;
}

interface Weight {
  scripts: number;
  gzipKb: number;
  wireKb: number;
  uncompressed: string[];
}

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => !!p && existsSync(p),
  );
  if (!found) throw new Error('Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH)');
  return found;
}

/** Collects every script response of the page until `stop()`; the sizes are read when the bodies have arrived. */
function recordScripts(page: Page): { stop: () => Promise<Script[]> } {
  const pending: Promise<Script | null>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: response.url(),
          gzip: gzipSync(body).length,
          wire: sizes.responseBodySize,
          encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
        };
      })().catch(() => null),
    );
  };
  page.on('response', onResponse);
  return {
    async stop() {
      page.off('response', onResponse);
      return (await Promise.all(pending)).filter((s): s is Script => s !== null);
    },
  };
}

function weigh(scripts: Script[]): Weight {
  return {
    scripts: scripts.length,
    gzipKb: scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024,
    wireKb: scripts.reduce((sum, s) => sum + s.wire, 0) / 1024,
    // config.js is an operator's file below the compression threshold; everything built must come compressed.
    uncompressed: scripts.filter((s) => s.encoding === 'identity' && s.gzip > 1024).map((s) => new URL(s.url).pathname),
  };
}

export const pageWeightBenchmark: Benchmark = {
  name: 'page weight (JavaScript of the login page and the dashboard)',
  async run(print) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
    buildServerBundle();
    const db = await freshDatabase('sqlite');
    // The built client, not the database's empty static directory.
    const server = await startServerProcess({ ...db.env, STATIC_DIR: path.resolve('dist/client') });
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const login: Weight[] = [];
    const dashboard: Weight[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ locale: 'de-DE' });
        const page = await context.newPage();
        let recorder = recordScripts(page);
        await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
        await page.waitForSelector('input[name="email"]');
        const loginScripts = await recorder.stop();
        login.push(weigh(loginScripts));

        recorder = recordScripts(page);
        await page.fill('input[name="email"]', 'admin@kontor.example');
        await page.fill('input[name="password"]', 'kontor-demo');
        await page.click('button[type="submit"]');
        await page.waitForSelector('[data-testid="user-menu"]');
        // The dashboard's figures render last, after their data: waiting for them keeps late chunks in the count.
        await page.waitForSelector('[data-testid="dashboard-figures"]');
        await page.waitForLoadState('networkidle');
        dashboard.push(weigh([...loginScripts, ...(await recorder.stop())]));
        await context.close();
      }
    } finally {
      await browser.close();
      server.child.kill('SIGTERM');
      await db.dispose();
    }
    const load = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    for (const [label, weights, target] of [
      ['login page', login, LOGIN_TARGET_KB],
      ['first page after login (dashboard, login scripts included)', dashboard, DASHBOARD_TARGET_KB],
    ] as const) {
      const gzip = summarize(weights.map((w) => w.gzipKb));
      const wire = summarize(weights.map((w) => w.wireKb));
      const uncompressed = [...new Set(weights.flatMap((w) => w.uncompressed))];
      print(
        `  ${`JavaScript, ${label}`.padEnd(66)} median ${gzip.median.toFixed(1)} KB gzip (target ≤ ${target} KB; min ${gzip.min.toFixed(1)}, max ${gzip.max.toFixed(1)}; n=${gzip.runs}), ` +
          `${wire.median.toFixed(1)} KB on the wire in ${weights[0]!.scripts} scripts, ${uncompressed.length ? `UNCOMPRESSED: ${uncompressed.join(', ')}` : 'all compressed'} (load ${load})`,
      );
    }
  },
};
