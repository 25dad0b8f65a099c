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
import type { Browser } from 'playwright-core';
import { browserAvailable, DEMO_PASSWORD, launchBrowser, newPage } from './harness';

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

  it('signs in, lists, opens a calculation, and shows the app’s message for a 503 chosen in the panel', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${baseUrl}/login`);
      await page.fill('input[name="email"]', 'admin@muster.example');
      await page.fill('input[name="password"]', DEMO_PASSWORD);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="user-menu"]');

      await page.goto(`${baseUrl}/calculations`);
      await page.getByText('Kundenmagazin Frühjahr').first().click();
      await page.waitForURL(/\/\d+(\?.*)?$/);
      const opened = page.url();
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
        .waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  }, 60_000);

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
      await page.waitForURL(/\/calculations/, { timeout: 15_000 });
      await page.getByText('Kundenmagazin Frühjahr').first().waitFor({ timeout: 15_000 });
      await page.waitForSelector('[data-testid="user-menu"]');
    } finally {
      await context.close();
    }
  }, 60_000);
});
