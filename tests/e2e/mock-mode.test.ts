/**
 * Smoke run of the QA mock mode (issue #36) in Chromium: the SPA built with `--mode mocks` (dist/mocks), served as
 * static files with no Kontor server and no database; msw's service worker answers the API. Sign in with a demo
 * account, list, open a calculation, switch the scenario panel to a 503, and see the app's own error message.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from 'vite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, DEMO_PASSWORD, launchBrowser, newPage, stepsInOrder } from './harness';
import { slowdown } from '../support/load';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT_DIR = path.join(ROOT, 'dist/mocks');

describe.runIf(browserAvailable())('mock mode', () => {
  let server: PreviewServer;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    // `npm run test:e2e` builds it first; run alone, this file builds it when it is missing.
    if (!existsSync(path.join(OUT_DIR, 'index.html'))) {
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'mocks'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
    }
    server = await preview({
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'mocks',
      preview: { port: 0, host: '127.0.0.1' },
      logLevel: 'warn',
    });
    baseUrl = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  describe('signs in, lists, opens a calculation, and shows the app’s message for a 503 chosen in the panel', () => {
    stepsInOrder();
    let context: BrowserContext;
    let page: Page;
    let opened = '';

    afterAll(async () => {
      await context?.close();
    });

    it('signs in, lists, and opens a calculation filled from the mocked record', async () => {
      ({ context, page } = await newPage(browser));
      await page.goto(`${baseUrl}/login`);
      await page.fill('input[name="email"]', 'admin@muster.example');
      await page.fill('input[name="password"]', DEMO_PASSWORD);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="user-menu"]');

      await page.goto(`${baseUrl}/calculations`);
      await page.getByText('Kundenmagazin Frühjahr').first().click();
      await page.waitForURL(/\/\d+(\?.*)?$/);
      opened = page.url();
      // The calculation's form, filled from the mocked record.
      await expect
        .poll(() =>
          page
            .locator('input')
            .evaluateAll((inputs) =>
              inputs.some((input) => (input as HTMLInputElement).value === 'Kundenmagazin Frühjahr'),
            ),
        )
        .toBe(true);
    });

    it('shows the app’s own message instead of the form once the panel makes every route answer 503', async () => {
      // The panel: every route answers 503 (with Retry-After) from now on.
      await page.getByRole('button', { name: 'QA-Szenarien' }).click();
      await page.getByRole('combobox', { name: 'Fehler' }).click();
      await page.getByRole('option', { name: '503' }).click();
      await page.keyboard.press('Escape');

      // The same calculation again: the app's own alert instead of the form, saying the service is busy or down and
      // how long to wait (Retry-After), not that the calculation is missing.
      await page.goto(opened);
      await page
        .getByRole('alert')
        .filter({
          hasText: 'Kontor ist gerade ausgelastet oder nicht erreichbar. Bitte versuchen Sie es in 30 Sekunden erneut.',
        })
        .waitFor({ timeout: 15_000 * slowdown() });
    });
  });

  it('with a session that expired before the page opened (401 on the first request), signs in and shows the page', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${baseUrl}/login`);
      await page.fill('input[name="email"]', 'admin@muster.example');
      await page.fill('input[name="password"]', DEMO_PASSWORD);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="user-menu"]');

      // The stored session expires before the next page load: its first request answers 401.
      await page.goto(`${baseUrl}/calculations?scenario=expired`);
      await page.waitForURL(/\/login/);
      await page.fill('input[name="email"]', 'admin@muster.example');
      await page.fill('input[name="password"]', DEMO_PASSWORD);
      await page.click('button[type="submit"]');
      await page.waitForURL(/\/calculations/, { timeout: 15_000 * slowdown() });
      await page
        .getByText('Kundenmagazin Frühjahr')
        .first()
        .waitFor({ timeout: 15_000 * slowdown() });
      await page.waitForSelector('[data-testid="user-menu"]');
    } finally {
      await context.close();
    }
  }, 60_000);

  // The README's scenarios, one test each on one signed-in page, so a failure names its scenario and no test runs long
  // (issue #38: none over 15 s).
  describe('answers every scenario of the README when chosen by URL parameter', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      ({ context, page } = await newPage(browser));
      await page.goto(`${baseUrl}/login`);
      await page.fill('input[name="email"]', 'admin@muster.example');
      await page.fill('input[name="password"]', DEMO_PASSWORD);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="user-menu"]');
    });
    afterAll(async () => {
      await context?.close();
    });

    /** Opens the app with `?scenario=…` and asks the mocked API from the page, as the app would. */
    const ask = async (scenario: string, path: string, method = 'GET', body?: unknown) => {
      // Settled first: the app's own start-up requests may navigate (to /login on a 401), which would abort the ask.
      await page.goto(`${baseUrl}/?scenario=${encodeURIComponent(scenario)}`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
      await page.waitForLoadState('networkidle');
      return page.evaluate(
        async ({ path, method, body }) => {
          const session = JSON.parse(localStorage.getItem('kontor.session') ?? 'null') as { token: string } | null;
          const started = performance.now();
          try {
            const response = await fetch(path, {
              method,
              headers: { Authorization: `Bearer ${session?.token ?? ''}`, 'Content-Type': 'application/json' },
              body: body === undefined ? undefined : JSON.stringify(body),
            });
            const text = await response.text();
            return {
              status: response.status,
              retryAfter: response.headers.get('Retry-After'),
              range: response.headers.get('Content-Range'),
              json: text ? (JSON.parse(text) as unknown) : null,
              ms: performance.now() - started,
            };
          } catch {
            return { status: 0, retryAfter: null, range: null, json: null, ms: performance.now() - started };
          }
        },
        { path, method, body },
      );
    };

    it.each([400, 403, 404, 409, 500, 503])('error:%i answers that status on the chosen route', async (status) => {
      const answer = await ask(`error:${status}@/api/calculations`, '/api/calculations');
      expect(answer.status, `error:${status}`).toBe(status);
      if (status === 400) expect(answer.json).toMatchObject({ errors: expect.any(Object) });
      if (status === 503) expect(answer.retryAfter).toBe('30');
    });

    it('puts the error on the chosen route only', async () => {
      expect((await ask('error:500@/api/calculations', '/api/units')).status).toBe(200);
    });

    it('delay:1500 answers after 1.5 s', async () => {
      expect((await ask('delay:1500', '/api/units')).ms).toBeGreaterThanOrEqual(1400);
    });

    it('offline answers no request', async () => {
      expect((await ask('offline', '/api/units')).status).toBe(0);
    });

    it('empty lists nothing and large lists 10,000', async () => {
      const empty = await ask('empty', '/api/calculations');
      expect(empty.range, JSON.stringify(empty).slice(0, 300)).toMatch(/\/0$/);
      expect((await ask('large', '/api/calculations?range=[0,9]')).range).toMatch(/\/10000$/);
    });

    it('locked refuses a deletion and old-template answers the oldest template version', async () => {
      const list = await ask('locked', '/api/calculations?sort=["id","ASC"]&range=[0,0]');
      expect(list.status, JSON.stringify(list).slice(0, 300)).toBe(200);
      const [first] = list.json as { id: number; version: number; template_id: string; template_version: number }[];
      const locked = await ask('locked', `/api/calculations/${first!.id}`, 'DELETE');
      expect(locked.status).toBe(409);
      const old = await ask('old-template', `/api/calculations/${first!.id}`);
      const versions = await ask('', `/api/templates/${first!.template_id}/versions`);
      const oldest = Math.min(...(versions.json as { version: number }[]).map((v) => v.version));
      expect((old.json as { template_version: number }).template_version).toBe(oldest);
    });

    it('expired answers 401', async () => {
      expect((await ask('expired', '/api/units')).status).toBe(401);
    });
  });
});
