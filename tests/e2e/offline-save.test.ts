/**
 * Saving while offline in a fresh session, before any notification has been shown (issue #35): the app must not go
 * blank. The form keeps what was typed and says "Keine Verbindung … Ihre Eingaben bleiben erhalten" — also when the
 * snackbar's own code cannot be fetched.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, screenshot, signedInPage, useRunningApp } from './harness';
import { slowdown } from '../support/load';

const POLL = { timeout: 20_000 * slowdown() };
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"] input`).first();

async function typeCalculation(page: Page, baseUrl: string, title: string) {
  await page.goto(`${baseUrl}/new/brochure`);
  await page.getByRole('heading', { name: 'Broschüre', level: 1 }).waitFor();
  await page.getByTestId('result-total-value').waitFor();
  await field(page, 'title').fill(title);
  await field(page, 'quantity').fill('4.321');
}

describe.runIf(browserAvailable())('saving offline', () => {
  const app = useRunningApp();

  it('keeps the form and says there is no connection in a fresh session', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await typeCalculation(page, app.server.baseUrl, 'Offline gespeichert');
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Speichern' }).click();
      const message = page.getByText(/Keine Verbindung: .*Ihre Eingaben bleiben erhalten/);
      await message
        .first()
        .waitFor(POLL)
        .catch(async (error: unknown) => {
          await screenshot(page, 'offline-save-failed');
          throw error;
        });
      expect(await field(page, 'title').inputValue()).toBe('Offline gespeichert');
      expect(await field(page, 'quantity').inputValue()).toBe('4.321');
      expect(new URL(page.url()).pathname).toBe('/new/brochure');
      await screenshot(page, 'offline-save');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('still says so when the snackbar code itself cannot be fetched, and the app stays', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example');
    // The snackbar's chunk never arrives: the plain notice must stand in for it.
    await page.route(/notificationSnackbar[^/]*\.js/, (route) => route.abort('internetdisconnected'));
    try {
      await typeCalculation(page, app.server.baseUrl, 'Ohne Snackbar');
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Speichern' }).click();
      const plain = page.getByTestId('notification-plain');
      await plain.waitFor(POLL);
      expect(await plain.textContent()).toContain('Keine Verbindung');
      expect(await field(page, 'title').inputValue()).toBe('Ohne Snackbar');
      expect(await page.getByRole('heading', { name: 'Broschüre', level: 1 }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
