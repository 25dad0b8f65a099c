/**
 * The foundation as a user meets it: sign in as a demo user, see the menu, switch the language to French (it sticks
 * across a reload), open a deep link directly (history mode), meet the 404 page, sign out.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, login, newPage, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';

describe.runIf(browserAvailable())('app shell in Chromium', () => {
  const app = useRunningApp();

  describe('signs in, shows the menu, switches to French, and signs out', () => {
    stepsInOrder();
    let context: BrowserContext;
    let page: Page;

    it('sends a signed-out visitor to the login form, and shows the menu after signing in', async () => {
      ({ context, page } = await newPage(app.browser, { locale: 'de-DE' }));
      await page.goto(`${app.server.baseUrl}/`);
      await page.waitForURL(/\/login/);
      await screenshot(page, 'login-de');

      await login(page, app.server.baseUrl, 'editor@muster.example');
      for (const href of [
        '/collections',
        '/calculations',
        '/compare',
        '/importer',
        '/migrations',
        '/carbon-offset-projects',
        '/protocol',
        '/statistics',
        '/profile',
      ]) {
        await page.locator(`a[href="${href}"]`).first().waitFor({ state: 'visible' });
      }
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      await screenshot(page, 'dashboard-de');
    });

    it('switches to French, which survives a reload of a deep link (history mode)', async () => {
      await page.click('[data-testid="language-menu"]');
      await page.click('[data-testid="language-option-fr"]');
      await page.waitForFunction(() => document.documentElement.lang === 'fr');
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('fr');

      // The choice survives a reload, and a deep link loads through the server's history-mode fallback.
      await page.goto(`${app.server.baseUrl}/collections`);
      await page.waitForSelector('[data-testid="user-menu"]');
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      await page.locator('main table, main h2').first().waitFor();
      await screenshot(page, 'collections-fr');
    });

    it('meets the 404 page with a way home', async () => {
      await page.goto(`${app.server.baseUrl}/no/such/page`);
      await page.getByRole('link', { name: /accueil/i }).waitFor({ state: 'visible' });
      await screenshot(page, 'not-found-fr');
    });

    it('signs out for real: the API refuses the old session and the app asks to sign in again', async () => {
      await page.click('[data-testid="user-menu"]');
      await page.click('[data-testid="logout"]');
      await page.waitForURL(/\/login/);
      await page.locator('input[name="email"]').waitFor({ state: 'visible' });

      // Signed out for real: the API refuses the old session and the app asks to sign in again.
      await page.goto(`${app.server.baseUrl}/collections`);
      await page.waitForURL(/\/login/);
      await context.close();
    });
  });

  it('goes home from /login while signed in, names the page in the tab, and keeps the protocol filters on one row', async () => {
    // An English browser: the dates must follow the interface language (German), not the browser's mm/dd/yyyy.
    const { context, page } = await signedInPage(app.browser, app.server.baseUrl, 'admin@muster.example', {
      locale: 'en-US',
    });
    await page.goto(`${app.server.baseUrl}/`);
    await page.click('[data-testid="language-menu"]');
    await page.click('[data-testid="language-option-de"]');
    await page.waitForFunction(() => document.documentElement.lang === 'de');

    await page.goto(`${app.server.baseUrl}/login`);
    await page.waitForURL(`${app.server.baseUrl}/`);
    expect(await page.locator('input[name="password"]').count()).toBe(0);
    await page.waitForFunction(() => document.title.startsWith('Übersicht – '));

    await page.goto(`${app.server.baseUrl}/protocol`);
    const search = page.getByPlaceholder('Suchen');
    const from = page.getByRole('group', { name: 'Von' });
    const until = page.getByRole('group', { name: 'Bis' });
    await until.waitFor();
    await page.waitForFunction(() => document.title.startsWith('Protokoll – '));
    expect(await from.locator('[role="spinbutton"]').first().textContent()).toBe('TT');
    const tops = await Promise.all(
      [search, from, until].map(async (input) => Math.round((await input.boundingBox())!.y)),
    );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(16);
    await screenshot(page, 'protocol-filters-de');
    await context.close();
  });

  it('shows the login page in each of the five languages', async () => {
    for (const [lang, locale] of [
      ['de', 'de-DE'],
      ['en', 'en-GB'],
      ['fr', 'fr-FR'],
      ['it', 'it-IT'],
      ['es', 'es-ES'],
    ]) {
      const { context, page } = await newPage(app.browser, { locale });
      await page.goto(`${app.server.baseUrl}/login`);
      await page.waitForSelector('input[name="email"]');
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await screenshot(page, `login-${lang}`);
      await context.close();
    }
  });
});
