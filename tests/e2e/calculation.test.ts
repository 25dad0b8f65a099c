/**
 * A calculation as a user makes it in Chromium: open /new/brochure as an editor, type the figures in German format,
 * watch the live total follow, save, reload /edit/{id} and find the same values, the same total and the server's
 * stored total agreeing with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { computeResults } from '../../src/core/formula';
import { defaultInputs, defaultItem, loadTemplates, type FactorLookup } from '../../src/core/template';
import { DEMO_FACTORS_2025 } from '../../src/server/seed/factor-databases';
import { formatResult } from '../../src/client/template-forms/resultFormat';
import { browserAvailable, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';
import { slowdown } from '../support/load';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const brochure = (() => {
  const fileName = 'brochure.json';
  const text = readFileSync(path.resolve(import.meta.dirname, '../../schemas/templates', fileName), 'utf8');
  const { templates, errors } = loadTemplates([{ fileName, text }]);
  if (errors.length || !templates[0]) throw new Error(JSON.stringify(errors));
  return templates[0];
})();

// The demo mandant computes with "Demo-Faktoren 2025" (its default database).
const lookup: FactorLookup = (key) => {
  const factor = DEMO_FACTORS_2025.factors.find((candidate) => candidate.key === key);
  return (
    factor && { key: factor.key, value: factor.value, unit: factor.unit, source: factor.source, label: factor.label }
  );
};

/** The machine may be busy (2 cores, several suites): give the UI time, the values must still match exactly. */
const POLL = { timeout: 20_000 * slowdown() };

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"] input`).first();
const totalText = (page: Page) => page.getByTestId('result-total-value').textContent();

describe.runIf(browserAvailable())('a calculation in Chromium', () => {
  const app = useRunningApp();
  stepsInOrder();
  let page: Page;
  let expected = '';
  let editUrl = '';

  beforeAll(async () => {
    ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
  });

  it('is typed in German number format and previewed live', async () => {
    await page.goto(`${app.server.baseUrl}/new/brochure`);
    await page.getByRole('heading', { name: 'Broschüre', level: 1 }).waitFor();
    await page.getByTestId('result-total-value').waitFor();
    const initial = computeResults(brochure, defaultInputs(brochure), lookup).primary;
    await expect.poll(() => totalText(page), POLL).toBe(formatResult(initial, 'de'));

    await field(page, 'title').fill('E2E Broschüre Herbst');
    await field(page, 'quantity').fill('12.500');
    await field(page, 'spoilage_pct').fill('7,5');
    // v2 has no decimal production field any more: a transport leg carries the second decimal figure.
    await page.getByRole('button', { name: 'Etappe hinzufügen' }).click();
    await field(page, 'distance_km').fill('312,5');
    const inputs = {
      ...defaultInputs(brochure),
      title: 'E2E Broschüre Herbst',
      quantity: 12500,
      spoilage_pct: 7.5,
      transport: [{ ...defaultItem(brochure, 'transport'), distance_km: 312.5 }],
    };
    expected = formatResult(computeResults(brochure, inputs, lookup).primary, 'de');
    expect(expected).not.toBe(formatResult(initial, 'de'));
    await expect.poll(() => totalText(page), POLL).toBe(expected);
    await screenshot(page, 'calculation-new-de');
  });

  it('is saved and reloaded unchanged, with the server’s stored total agreeing', async () => {
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/edit\/\d+$/);
    editUrl = page.url();

    await page.goto(editUrl);
    await page.getByTestId('result-stored-total').waitFor();
    await expect.poll(() => field(page, 'quantity').inputValue(), POLL).toBe('12.500');
    expect(await field(page, 'title').inputValue()).toBe('E2E Broschüre Herbst');
    expect(await field(page, 'spoilage_pct').inputValue()).toBe('7,5');
    expect(await field(page, 'distance_km').inputValue()).toBe('312,5');
    await expect.poll(() => totalText(page), POLL).toBe(expected);
    // The server computed the same total itself (the preview is never what gets stored).
    expect(await page.getByTestId('result-stored-total').textContent()).toContain(`${expected} kg CO₂e`);
    await expect
      .poll(
        () =>
          page
            .getByText(/K-\d{4}-\d{6}/)
            .first()
            .isVisible(),
        POLL,
      )
      .toBe(true);
    await screenshot(page, 'calculation-edit-de');
  });

  it('is listed with the template’s columns, and the cards view is remembered', async () => {
    await page.goto(`${app.server.baseUrl}/calculations/product`);
    const row = page.locator('tr', { hasText: 'E2E Broschüre Herbst' });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${expected} kg CO₂e`);
    expect(await page.locator('thead').textContent()).toContain('Auflage');
    await screenshot(page, 'calculations-table-de');
    await page.getByRole('button', { name: 'Karten' }).click();
    await page.getByTestId('calculations-cards').waitFor();
    await page.reload();
    await page.getByTestId('calculations-cards').getByText('E2E Broschüre Herbst').waitFor();
    await screenshot(page, 'calculations-cards-de');
  });

  it('is duplicated as a new calculation (new number) marked as a copy', async () => {
    const id = editUrl.split('/').pop();
    await page.goto(`${app.server.baseUrl}/duplicate/${id}`);
    await expect.poll(() => field(page, 'title').inputValue(), POLL).toBe('E2E Broschüre Herbst (Kopie)');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL((url) => /\/edit\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${id}`));
    await expect.poll(() => field(page, 'quantity').inputValue(), POLL).toBe('12.500');
    await expect.poll(() => totalText(page), POLL).toBe(expected);
  });
});
