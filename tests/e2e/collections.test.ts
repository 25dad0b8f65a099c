/**
 * Collections and compare in Chromium, as editor@muster.example: select three calculations in the
 * list, make a new collection of them with the bulk action, open it (cards view and the collection
 * page with its totals), select two of its calculations and compare them, then order offsets for the
 * collection; the provider admin confirms and completes the order and the certificate is a PDF naming
 * its number. Screenshots of the cards view and the compare view go to tests/e2e/screenshots/.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, confirmDialog, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';
import { pdfText } from '../support/pdf-text';

describe.runIf(browserAvailable())('collections and compare in Chromium', () => {
  const app = useRunningApp();
  stepsInOrder();
  let page: Page;
  const numbers: string[] = [];
  let collectionUrl = '';
  let orderUrl = '';
  const card = () => page.getByTestId('collection-card').filter({ hasText: 'E2E Messe 2026' });
  const members = () => page.getByTestId('collection-calculations').locator('tbody tr');

  beforeAll(async () => {
    ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
  });

  it('makes a collection of three calculations selected in the list', async () => {
    await page.goto(`${app.server.baseUrl}/calculations`);
    const table = page.getByTestId('calculations-table');
    await table.locator('tbody tr').first().waitFor();
    const rows = table.locator('tbody tr');
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
    await page.getByText('3 Kalkulationen zu „E2E Messe 2026“ hinzugefügt').waitFor();
  });

  it('lists the new collection as a card with its totals, and remembers the cards view', async () => {
    // The collections list as cards (the choice is remembered), with the new collection and its totals.
    await page.goto(`${app.server.baseUrl}/collections`);
    await page.getByTestId('collections-view-cards').click();
    await card().waitFor();
    await expect.poll(() => card().textContent()).toContain('3 Kalkulationen');
    await screenshot(page, 'collections-cards');
    await page.reload();
    await page.getByTestId('collections-cards').waitFor();
  });

  it('opens the collection’s page with its three calculations', async () => {
    await card().getByRole('link').first().click();
    await page.getByTestId('collection-page').waitFor();
    collectionUrl = page.url();
    await expect.poll(() => members().count()).toBe(3);
    for (const number of numbers) await page.getByTestId('collection-calculations').getByText(number).waitFor();
    await screenshot(page, 'collection-page');
  });

  it('compares two of its calculations, on an address that opens the same comparison afresh', async () => {
    // Compare the first two of the collection.
    await members().nth(0).getByRole('checkbox').check();
    await members().nth(1).getByRole('checkbox').check();
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
  });

  it('orders offsets for the whole collection: project, quote, review, place; the order is in the list', async () => {
    await page.goto(collectionUrl);
    await page.getByTestId('collection-order').click();
    await page.getByTestId('order-subject').filter({ hasText: 'E2E Messe 2026' }).waitFor();
    await page.getByTestId('choose-project-1').click();
    await page.getByTestId('quote-total').waitFor();
    await page.getByTestId('order-review').click();
    await page.getByTestId('order-place').click();
    await page.waitForURL(/\/orders\/\d+$/);
    orderUrl = page.url();
    await page.getByTestId('order-status').filter({ hasText: 'Bestellt' }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').textContent())!.replace('Bestellung ', '');
    await page.goto(`${app.server.baseUrl}/orders`);
    await page.getByText(orderNumber).first().waitFor();
  });

  it('is confirmed and completed by the provider admin; the certificate is a PDF naming its number', async () => {
    const provider = await signedInPage(app.browser, app.server.baseUrl, 'admin@kontor.example');
    await provider.page.goto(orderUrl);
    await provider.page.getByTestId('order-confirm').click();
    await provider.page.getByTestId('order-status').filter({ hasText: 'Bestätigt' }).waitFor();
    await provider.page.getByTestId('order-complete').click();
    // Completing issues the certificate and cannot be undone: it asks first.
    await provider.page
      .getByRole('dialog')
      .getByText('Damit wird das Zertifikat ausgestellt.', { exact: false })
      .waitFor();
    await confirmDialog(provider.page);
    const certificateCell = provider.page.getByTestId('certificate-number');
    await certificateCell.waitFor();
    const certificateNumber = (await certificateCell.textContent())!.trim();
    const [download] = await Promise.all([
      provider.page.waitForEvent('download'),
      provider.page.getByTestId('download-certificate').click(),
    ]);
    const bytes = new Uint8Array(readFileSync((await download.path())!));
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain(certificateNumber);
  });
});
