/**
 * CSV import of repeatable groups in Chromium: an editor drops a CSV with two transport legs per row as numbered
 * column sets ("Transport 1: …", "Transport 2: …"), sees them recognised in the mapping (one column mapped by hand to
 * item 2), imports, and finds two transport items in the calculation.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';
import { slowdown } from '../support/load';

// "Strecke 2" is no name of a brochure field: the user maps it to item 2's distance.
const CSV = [
  'Titel;Auflage;Format;Seiten (Inhalt);Papier;Transport 1: Verkehrsmittel;Transport 1: Entfernung;Transport 2: Verkehrsmittel;Strecke 2',
  'E2E Etappen Alpha;1.000;A4;16;paper_virgin;road_freight_truck;120;rail_freight;300',
  'E2E Etappen Beta;2.000;A5;32;paper_recycled;Straßengüterverkehr (Lkw);80,5;rail_freight;450',
  '',
].join('\r\n');

describe.runIf(browserAvailable())('CSV import of repeatable groups in Chromium', () => {
  const app = useRunningApp();
  stepsInOrder();
  let page: Page;

  beforeAll(async () => {
    ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
  });

  it('recognises two transport legs per row as numbered column sets, one column mapped by hand to item 2', async () => {
    await page.goto(`${app.server.baseUrl}/importer`);
    await page.getByTestId('importer-template').click();
    await page.getByRole('option', { name: 'Broschüre' }).click();
    await page
      .getByTestId('importer-file')
      .setInputFiles({ name: 'etappen.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
    await page.getByTestId('importer-preview').waitFor();

    expect(await page.getByLabel('Feld für Spalte Transport 2: Verkehrsmittel').textContent()).toContain(
      'Etappe 2: Verkehrsmittel',
    );
    const second = page.getByLabel('Feld für Spalte Strecke 2');
    expect(await second.textContent()).toContain('nicht importieren');
    await second.click();
    await page.getByRole('option', { name: 'Etappe 2: Entfernung (km)' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'import-groups-menu');
    await page.getByRole('option', { name: 'Etappe 2: Entfernung (km)' }).click({ timeout: 15_000 * slowdown() });
    expect(await second.textContent()).toContain('Etappe 2: Entfernung (km)');
    await screenshot(page, 'import-groups-mapping');
  });

  it('dry-runs and imports both rows', async () => {
    await page.getByTestId('importer-dry-run').click();
    const report = page.getByTestId('importer-report');
    await expect
      .poll(() => report.textContent(), { timeout: 15_000 * slowdown() })
      .toContain('Probelauf: 2 von 2 Zeilen sind gültig, 0 fehlerhaft.');
    await page.getByTestId('importer-import').click();
    await expect
      .poll(() => report.textContent(), { timeout: 15_000 * slowdown() })
      .toContain('2 von 2 Zeilen importiert, 0 fehlerhaft.');
  });

  it('finds two transport items in the imported calculation', async () => {
    await page.goto(`${app.server.baseUrl}/calculations`);
    await page.getByText('E2E Etappen Alpha').click({ timeout: 15_000 * slowdown() });
    const transport = page.getByTestId('group-transport');
    await transport.waitFor({ timeout: 15_000 * slowdown() });
    await expect.poll(() => transport.textContent(), { timeout: 15_000 * slowdown() }).toContain('Etappe 2');
    expect(await transport.textContent()).not.toContain('Etappe 3');
    await expect
      .poll(() =>
        transport
          .getByLabel(/^Entfernung/)
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      )
      .toEqual(['120', '300']);
    await transport.scrollIntoViewIfNeeded();
    await screenshot(page, 'import-groups-calculation');
  });
});
