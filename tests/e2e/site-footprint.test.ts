/**
 * Issue 33, item 3 in Chromium, as far as it goes without the version-3 print templates: the mandant admin records
 * the annual site footprint with its allocation key and a partly green electricity contract (guarantee-of-origin
 * share, residual mix, grid factor) on a new machine set, publishes it, and the list shows the footprint; a
 * calculation that reads the contract's electricity shows market- and location-based electricity side by side in its
 * report. Nothing here names a template version or a result: only the press field and the electricity lines.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineSetRecord } from '../../src/core/api';
import {
  apiToken,
  browserAvailable,
  choose,
  createMachineSet,
  publishMachineSet,
  screenshot,
  signedInPage,
  stepsInOrder,
  useRunningApp,
} from './harness';
import { slowdown } from '../support/load';
import { pdfText } from '../support/pdf-text';

const SET = 'E2E Standort';
const SITE_SOURCE = 'E2E Unternehmensbilanz 2025';
const RESIDUAL_SOURCE = 'E2E AIB Residualmix 2024';
const POLL = { timeout: 20_000 * slowdown() };

describe.runIf(browserAvailable())('the site footprint and market/location electricity in Chromium', () => {
  const app = useRunningApp();
  stepsInOrder();
  let admin: Page;
  let editor: Page;
  let token = '';
  const get = async <T>(path: string) =>
    (await (
      await fetch(`${app.server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as T;

  beforeAll(async () => {
    ({ page: admin } = await signedInPage(app.browser, app.server.baseUrl, 'admin@muster.example'));
    ({ page: editor } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
    token = await apiToken(app.server.baseUrl, 'editor@muster.example');
  });

  it('is recorded on a new machine set and published', async () => {
    await createMachineSet(admin, app.server.baseUrl, {
      name: SET,
      version: '2026-e2e',
      fill: async (page) => {
        // A contract with guarantees of origin for 60 %, the residual mix for the rest, the grid beside it.
        await page.locator('input[data-source="electricity_factor"]').fill('0,02');
        await page.locator('input[data-source="electricity_go_share"]').fill('0,6');
        await page.locator('input[data-source="electricity_residual_factor"]').fill('0,7');
        await page.locator('[name="electricity_residual_source"]').fill(RESIDUAL_SOURCE);
        await page.locator('input[data-source="electricity_location_factor"]').fill('0,427');
        await page.locator('[name="electricity_location_source"]').fill('E2E UBA Strommix 2024');
        // The site: 52 t a year over 2.6 million press sheets.
        await page.locator('input[data-source="site_kg_co2e"]').fill('52000');
        await choose(page, 'Umlageschlüssel', 'Druckbogen');
        await page.locator('input[data-source="site_annual_amount"]').fill('2600000');
        await page.locator('[name="site_source"]').fill(SITE_SOURCE);
        await page.locator('input[data-source="site_year"]').fill('2025');
        await screenshot(page, 'machine-set-site-form');
      },
    });
    await publishMachineSet(admin, app.server.baseUrl, SET);
  });

  it('is shown in the machine sets’ list and stored as the current set', async () => {
    // The list names the footprint and its key.
    const row = admin.getByRole('row').filter({ hasText: SET });
    await expect.poll(() => row.getByTestId('site-summary').textContent(), POLL).toBe('52.000 kg CO2e / Druckbogen');
    await screenshot(admin, 'machine-set-site-list');

    const current = (await get<MachineSetRecord[]>('/api/machine-sets?filter={"current":true}'))[0]!;
    expect(current).toMatchObject({
      name: SET,
      site_kg_co2e: 52000,
      site_allocation_key: 'sheets',
      site_annual_amount: 2600000,
      site_source: SITE_SOURCE,
      electricity_go_share: 0.6,
      electricity_residual_factor: 0.7,
      electricity_location_factor: 0.427,
    });
  });

  it('is read by the editor’s brochure on the demo press, saved final', async () => {
    // The editor's brochure on the demo press reads the contract's electricity.
    await editor.goto(`${app.server.baseUrl}/new/brochure`);
    await editor.getByTestId('result-total-value').waitFor();
    await editor.locator('[data-field="title"] input').first().fill('E2E Broschüre Standort');
    await editor.locator('[data-field="press"] [role="combobox"]').click();
    await editor.getByRole('option', { name: /^Speedmaster SM 102-4/ }).click();
    await choose(editor, 'Status', 'Final');
    await editor.getByRole('button', { name: 'Speichern' }).click();
    await editor.waitForURL(/\/edit\/\d+$/);
    await editor.getByTestId('result-stored-total').waitFor();
  });

  it('reaches that brochure’s report beside location-based electricity', async () => {
    const controls = editor.getByTestId('report-controls');
    await controls.getByTestId('publications-none').waitFor();
    const [download] = await Promise.all([
      editor.waitForEvent('download'),
      controls.getByTestId('report-download').click(),
    ]);
    const report = (await pdfText(new Uint8Array(readFileSync((await download.path())!)))).replace(/\s+/g, ' ');
    // Market-based: 0.6 × 0.02 + 0.4 × 0.7 = 0.292, with the residual mix named; location-based beside it.
    expect(report).toContain('Strom marktbasiert');
    expect(report).toContain('Strom standortbasiert');
    expect(report).toContain('0,292');
    expect(report).toContain('0,427');
    expect(report).toContain(RESIDUAL_SOURCE);
  });
});
