/**
 * The importer in Chromium: drop a semicolon / decimal-comma CSV with one bad row, fix the mapping of a column the
 * importer could not recognise, read the dry-run report, import the valid rows and find them in the calculations list.
 * Then a file of several batches, which the built server computes in its evaluation worker.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';
import { slowdown } from '../support/load';
import type { Locator, Page } from 'playwright-core';

// "Stückzahl" is no label or alias of the brochure template: the user has to map it to "Auflage".
const CSV = [
  'Titel;Stückzahl;Format;Seiten (Inhalt);Papier;Makulatur (%)',
  'E2E Import Alpha;1.500;A4;16;Papier, Frischfaser;12,5',
  'E2E Import Kaputt;2.000;A4;7;Papier, Frischfaser;10',
  'E2E Import Beta;2.500;A5;32;paper_recycled;7,5',
  '',
].join('\r\n');

describe.runIf(browserAvailable())('the CSV importer in Chromium', () => {
  const app = useRunningApp();
  let page: Page;
  // Each journey in a session of its own: the importer remembers a mapping in the browser.
  const signIn = async () => {
    ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
  };

  /** Opens the importer for brochures and drops `csv`; answers the preview. */
  async function chooseFile(name: string, csv: string) {
    await page.goto(`${app.server.baseUrl}/importer`);
    await page.getByTestId('importer-template').click();
    await page.getByRole('option', { name: 'Broschüre' }).click();
    await page
      .getByTestId('importer-file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const preview = page.getByTestId('importer-preview');
    await preview.waitFor();
    return preview;
  }

  describe('maps, dry-runs and imports the valid rows of a German CSV', () => {
    stepsInOrder();
    beforeAll(signIn);
    const report = () => page.getByTestId('importer-report');
    let preview: Locator;

    it('reads the German CSV and lets the user map the column it could not recognise', async () => {
      preview = await chooseFile('auftraege.csv', CSV);
      await expect.poll(() => preview.textContent()).toContain('Semikolon');
      expect(await preview.textContent()).toContain('1.234,5');

      // The unrecognised column starts unmapped; the user maps it.
      const quantity = page.getByLabel('Feld für Spalte Stückzahl');
      expect(await quantity.textContent()).toContain('nicht importieren');
      await quantity.click();
      await page.getByRole('option', { name: 'Auflage (Stk.)' }).click();
      expect(await quantity.textContent()).toContain('Auflage');
    });

    it('reports the bad row in the dry run', async () => {
      await page.getByLabel('Gültige Zeilen importieren, Rest melden').check();
      await page.getByTestId('importer-dry-run').click();
      await expect
        .poll(() => report().textContent(), { timeout: 15_000 * slowdown() })
        .toContain('Probelauf: 2 von 3 Zeilen sind gültig, 1 fehlerhaft.');
      expect(await report().textContent()).toContain('Seiten (Inhalt)');
      await screenshot(page, 'importer-dry-run');
    });

    it('imports the valid rows, and the history names the file', async () => {
      await page.getByTestId('importer-import').click();
      await expect
        .poll(() => report().textContent(), { timeout: 15_000 * slowdown() })
        .toContain('2 von 3 Zeilen importiert, 1 fehlerhaft.');
      await expect.poll(() => page.getByTestId('importer-history').textContent()).toContain('auftraege.csv');
    });

    it('lists the imported rows among the calculations, and not the bad one', async () => {
      await page.goto(`${app.server.baseUrl}/calculations`);
      await expect
        .poll(() => page.locator('body').textContent(), { timeout: 15_000 * slowdown() })
        .toContain('E2E Import Alpha');
      const body = await page.locator('body').textContent();
      expect(body).toContain('E2E Import Beta');
      expect(body).not.toContain('E2E Import Kaputt');
      await screenshot(page, 'importer-calculations');
    });
  });

  describe('imports a file of several batches, computed in the built server’s evaluation worker', () => {
    stepsInOrder();
    beforeAll(signIn);

    it('counts the rows of the preview in the reader’s number format', async () => {
      const rows = Array.from({ length: 1200 }, (_, i) => `E2E Stapel ${i + 1};${1000 + i};A5;16;paper_recycled;5`);
      const csv = ['Titel;Auflage;Format;Seiten (Inhalt);Papier;Makulatur (%)', ...rows].join('\r\n');
      const preview = await chooseFile('stapel.csv', csv);
      // Counts in the reader's number format.
      await expect.poll(() => preview.textContent()).toContain('ca. 1.200 Zeilen');
    });

    it('imports all 1,200 rows, and the history counts them', async () => {
      await page.getByTestId('importer-import').click();
      const report = page.getByTestId('importer-report');
      await expect
        .poll(() => report.textContent(), { timeout: 30_000 * slowdown() })
        .toContain('1.200 von 1.200 Zeilen importiert, 0 fehlerhaft.');
      await expect.poll(() => page.getByTestId('importer-history').textContent()).toContain('1.200 ok, 0 fehlerhaft');
      await screenshot(page, 'importer-batches');
    });

    it('lists the last row among the calculations', async () => {
      await page.goto(`${app.server.baseUrl}/calculations`);
      await expect
        .poll(() => page.locator('body').textContent(), { timeout: 15_000 * slowdown() })
        .toContain('E2E Stapel 1200');
    });
  });
});
