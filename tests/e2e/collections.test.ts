/**
 * Collections and compare in Chromium, as editor@muster.example: select three calculations in the
 * list, make a new collection of them with the bulk action, open it (cards view and the collection
 * page with its totals), select two of its calculations and compare them. Screenshots of the cards
 * view and the compare view go to tests/e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchBrowser, login, newPage, screenshot, startServer, type RunningServer } from './harness';

describe.runIf(browserAvailable())('collections and compare in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('makes a collection of three calculations from the list, opens it and compares two of them', async () => {
    const { context, page } = await newPage(browser, { locale: 'de-DE' });
    try {
      await login(page, server.baseUrl, 'editor@muster.example');
      await page.goto(`${server.baseUrl}/calculations`);
      const table = page.getByTestId('calculations-table');
      await table.locator('tbody tr').first().waitFor();
      const rows = table.locator('tbody tr');
      const numbers: string[] = [];
      for (let i = 0; i < 3; i++) {
        await rows.nth(i).getByRole('checkbox').check();
        numbers.push((await rows.nth(i).locator('td').nth(1).textContent())?.trim() ?? '');
      }
      expect(numbers.every((n) => /^K-\d{4}-\d{6}$/.test(n))).toBe(true);

      await page.getByTestId('bulk-add-to-collection').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Neue Sammlung').check();
      await page.getByTestId('add-to-collection-name').fill('E2E Messe 2026');
      await page.getByTestId('add-to-collection-submit').click();
      await page.getByText('3 Berechnungen zu „E2E Messe 2026“ hinzugefügt').waitFor();

      // The collections list as cards (the choice is remembered), with the new collection and its totals.
      await page.goto(`${server.baseUrl}/collections`);
      await page.getByTestId('collections-view-cards').click();
      const card = page.getByTestId('collection-card').filter({ hasText: 'E2E Messe 2026' });
      await card.waitFor();
      await expect.poll(() => card.textContent()).toContain('3 Berechnungen');
      await screenshot(page, 'collections-cards');
      await page.reload();
      await page.getByTestId('collections-cards').waitFor();

      await card.getByRole('link').first().click();
      await page.getByTestId('collection-page').waitFor();
      const members = page.getByTestId('collection-calculations').locator('tbody tr');
      await expect.poll(() => members.count()).toBe(3);
      for (const number of numbers) await page.getByTestId('collection-calculations').getByText(number).waitFor();
      await screenshot(page, 'collection-page');

      // Compare the first two of the collection.
      await members.nth(0).getByRole('checkbox').check();
      await members.nth(1).getByRole('checkbox').check();
      await page.getByTestId('collection-compare').click();
      await page.waitForURL(/\/compare\?ids=\d+,\d+$/);
      const compare = page.getByTestId('compare-table');
      await compare.waitFor();
      await expect.poll(() => compare.locator('thead th').count()).toBe(3);
      await page.getByTestId('compare-result-total_co2e').waitFor();
      await screenshot(page, 'compare');

      // The URL is shareable: opened afresh it shows the same comparison.
      const url = page.url();
      await page.goto(url);
      await page.getByTestId('compare-table').waitFor();
    } finally {
      await context.close();
    }
  });
});
