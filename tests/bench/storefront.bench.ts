/**
 * The storefront calculator (issue 39): the server's quote latency (`app.inject`, no network: what the server spends)
 * beside a bare Fastify route on the same process as the floor, quotes per second per process over HTTP at 8
 * connections, the widget's gzip size, and in Chromium the time from the script's arrival to the first figure.
 * Targets: quote p50 ≤ 5 ms, widget ≤ 35 KB gzip, first figure ≤ 300 ms after the script arrives.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { freshDatabase } from './databases';
import type { Benchmark } from './run';
import { formatSummary, summarize } from './stats';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WIDGET = path.join(ROOT, 'dist/storefront/storefront.js');
const QUOTES = 400;
const CONNECTIONS = 8;
const HTTP_SECONDS = 5;
const FIRST_FIGURE_RUNS = 7;
const INPUTS = [
  { quantity: 5000, format: 'A5', paper: 'paper_virgin', grammage: 135 },
  { quantity: 250, format: 'A4', paper: 'paper_recycled', grammage: 90 },
  { quantity: 12000, format: 'A6', paper: 'paper_virgin', grammage: 300 },
];

const load = () => os.loadavg()[0]!.toFixed(2);

export const storefrontBenchmark: Benchmark = {
  name: 'storefront: quote latency, quotes/s, widget size, first figure',
  async run(print) {
    if (!fs.existsSync(WIDGET))
      execFileSync('npx', ['vite', 'build', '-c', 'vite.storefront.config.ts'], { cwd: ROOT });
    const script = fs.readFileSync(WIDGET);
    print(
      `  widget: ${(script.length / 1024).toFixed(1)} KB, ${(gzipSync(script, { level: 9 }).length / 1024).toFixed(1)} KB gzip (target ≤ 35 KB)`,
    );

    const database = await freshDatabase('sqlite');
    const staticDir = path.join(database.env.DATA_DIR!, 'client');
    fs.mkdirSync(path.join(database.env.DATA_DIR!, 'storefront'), { recursive: true });
    fs.copyFileSync(WIDGET, path.join(database.env.DATA_DIR!, 'storefront', 'storefront.js'));
    const app = await buildApp({
      config: loadConfig({
        ...database.env,
        STATIC_DIR: staticDir,
        DEMO_PASSWORD: 'kontor-demo',
        STOREFRONT_QUOTES_PER_MINUTE: '10000000',
        STOREFRONT_QUOTES_PER_MINUTE_PER_KEY: '10000000',
      }),
    });
    const floor = Fastify();
    floor.post('/quotes', async () => ({ kg_co2e: 1 }));
    const shop = createServer();
    const browser = await chromium.launch({
      executablePath: [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p)),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@muster.example', password: 'kontor-demo' },
      });
      const token = (login.json() as { token: string }).token;
      await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
      const shopOrigin = `http://127.0.0.1:${(shop.address() as { port: number }).port}`;
      const created = await app.inject({
        method: 'POST',
        url: '/api/storefronts',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          name: 'Bench shop',
          origins: [shopOrigin],
          offers: [
            {
              template_id: 'flyer',
              customer_fields: ['quantity', 'format', 'paper', 'grammage'],
              fixed: { transport: [{ mode: 'road_freight_truck', distance_km: 80 }] },
            },
          ],
        },
      });
      const key = (created.json() as { publishable_key: string }).publishable_key;
      const url = `/api/storefront/v1/${key}/quotes`;

      // 1. What the server spends on a quote, beside a bare route that answers JSON.
      const quote = (i: number) =>
        app.inject({ method: 'POST', url, payload: { template: 'flyer', inputs: INPUTS[i % INPUTS.length] } });
      for (let i = 0; i < 50; i++) await quote(i);
      const samples: number[] = [];
      for (let i = 0; i < QUOTES; i++) {
        const started = performance.now();
        const response = await quote(i);
        samples.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`quote answered ${response.statusCode}: ${response.body}`);
      }
      const bare: number[] = [];
      for (let i = 0; i < QUOTES; i++) {
        const started = performance.now();
        await floor.inject({ method: 'POST', url: '/quotes', payload: { template: 'flyer', inputs: INPUTS[0] } });
        bare.push(performance.now() - started);
      }
      print(formatSummary(`quote, server (inject), load ${load()}`, summarize(samples)));
      print(formatSummary('floor: bare Fastify POST answering JSON (inject)', summarize(bare)));

      // 2. Quotes per second per process over HTTP.
      let done = 0;
      const until = performance.now() + HTTP_SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, c) => {
          for (let i = c; performance.now() < until; i += CONNECTIONS) {
            const response = await fetch(`${base}${url}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ template: 'flyer', inputs: INPUTS[i % INPUTS.length] }),
            });
            await response.arrayBuffer();
            done++;
          }
        }),
      );
      print(
        `  quotes/s, one process, HTTP at ${CONNECTIONS} connections: ${(done / HTTP_SECONDS).toFixed(0)} (load ${load()})`,
      );

      // 3. In Chromium: from the script's arrival to the first figure, each run in a fresh context (empty cache).
      shop.on('request', (_request, response) => {
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<!doctype html><html lang="de"><body><script src="${base}/storefront.js"></script>` +
              `<kontor-calculator store="${key}" template="flyer" lang="de"></kontor-calculator></body></html>`,
          );
      });
      const firstFigure: number[] = [];
      for (let run = 0; run < FIRST_FIGURE_RUNS; run++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(shopOrigin);
        await page.locator('kontor-calculator .total').waitFor();
        firstFigure.push(
          await page.evaluate((src) => {
            const entry = performance.getEntriesByName(src)[0] as PerformanceResourceTiming;
            const shown = performance.getEntriesByName('kontor-first-figure')[0]!;
            return shown.startTime - entry.responseEnd;
          }, `${base}/storefront.js`),
        );
        await context.close();
      }
      print(formatSummary(`first figure after the script arrived (Chromium), load ${load()}`, summarize(firstFigure)));
    } finally {
      await browser.close();
      shop.close();
      await floor.close();
      await app.close();
      await database.dispose();
    }
  },
};
