/**
 * Issue 33's "done when" end to end in Chromium, driven as people do it: the mandant admin of Druckerei Muster records
 * a paper from its mill's declaration (the factor dialog: declaration kind, biogenic CO2 apart, delivery included) in
 * a database derived from the demo factors, and the annual site footprint with a partly green electricity contract on
 * a new machine set; the editor's brochure (template version 3) uses that paper and that set. Its page, its report
 * PDF and its public verification page show the paper on press sheets, the site's overhead line, market- and
 * location-based electricity, the data quality with the mill's declaration and the uncertainty range; as a draft it
 * cannot be published and says why; the demo-based figures carry the demo mark on the page and in the PDF.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationRecord, MachineSetRecord } from '../../src/core/api';
import { declarationInWords } from '../../src/core/data-quality';
import { translate } from '../../src/core/i18n/translate';
import '../../src/core/i18n/all-locales';
import {
  apiToken,
  browserAvailable,
  choose,
  confirmDialog,
  createMachineSet,
  newPage,
  publishMachineSet,
  screenshot,
  SCREENSHOT_DIR,
  signedInPage,
  stepsInOrder,
  useRunningApp,
} from './harness';
import { slowdown } from '../support/load';
import { pdfText } from '../support/pdf-text';

const DATABASE = 'E2E Werkspapiere';
const PAPER_KEY = 'paper_mill_silk_115';
const PAPER = 'E2E Werkspapier Silk 115';
const PAPER_SOURCE = 'E2E Paper Profile Werk Nord 2025';
const SET = 'E2E Standort und Werkspapier';
const SITE_SOURCE = 'E2E Unternehmensbilanz 2025';
const RESIDUAL_SOURCE = 'E2E AIB Residualmix 2024';
const LOCATION_SOURCE = 'E2E UBA Strommix 2024';
const DEMO_MARK = 'Demowerte – nicht für Berichte';
const POLL = { timeout: 20_000 * slowdown() };
/** What this test read, for a person looking into a failure. */
const TRACE_DIR = '/tmp/print-audit-shots';

/** Text as the PDF extraction and the browser give it, compared alike (spaces folded, the WinAnsi dash, CO₂). */
const fold = (text: string) =>
  text
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/\u0096/g, '–')
    .replace(/CO₂/g, 'CO2');

function trace(name: string, text: string): void {
  mkdirSync(TRACE_DIR, { recursive: true });
  writeFileSync(path.join(TRACE_DIR, name), text);
}

describe.runIf(browserAvailable())('a mill-declared paper and the site footprint from record to verification', () => {
  const app = useRunningApp();
  stepsInOrder();
  let admin: Page;
  let editor: Page;
  let token = '';
  const api = async <T>(method: string, route: string, body?: unknown) => {
    const response = await fetch(`${app.server.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  let id = 0;
  let declaration = '';
  let range = '';
  const controls = () => editor.getByTestId('report-controls');

  beforeAll(async () => {
    ({ page: admin } = await signedInPage(app.browser, app.server.baseUrl, 'admin@muster.example'));
    ({ page: editor } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
    token = await apiToken(app.server.baseUrl, 'editor@muster.example');
  });

  it('is recorded by the admin: a database derived from the demo factors with a paper from the mill’s declaration', async () => {
    await admin.goto(`${app.server.baseUrl}/databases/create`);
    await admin.locator('input[name="name"]').fill(DATABASE);
    await admin.locator('input[name="version_label"]').fill('2025-werk');
    await choose(admin, 'Abgeleitet von (veröffentlichte Datenbank)', /^Demo-Faktoren 2025/);
    await admin.getByRole('button', { name: 'Speichern' }).click();
    await admin.waitForURL(/\/databases\/\d+$/);
    await admin.getByTestId('factor-add').click();
    const dialog = admin.getByTestId('factor-dialog');
    await dialog.waitFor();
    await dialog.locator('input[name="key"]').fill(PAPER_KEY);
    await dialog.locator('input[name="category"]').fill('paper');
    await dialog.locator('input[name="unit"]').fill('kg');
    await dialog.locator('input[name="value"]').fill('0,61');
    await dialog.locator('input[name="year"]').fill('2025');
    await choose(admin, 'Erklärung des Papierwerks', 'Paper Profile');
    await dialog.locator('input[name="biogenic_co2"]').fill('1,4');
    await choose(admin, 'Lieferung zur Druckerei', 'nein');
    await dialog.locator('[name="source"]').fill(PAPER_SOURCE);
    await dialog.locator('input[name="label.de"]').fill(PAPER);
    await screenshot(admin, 'audit-chain-mill-paper');
    await admin.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
    await admin.getByTestId(`factor-${PAPER_KEY}`).waitFor(POLL);
    await admin.getByRole('button', { name: 'Veröffentlichen' }).click();
    await admin.getByTestId('impact-confirm').click();
    await admin.getByTestId('impact-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => admin.getByText('Veröffentlicht').count(), POLL).toBeGreaterThan(0);
  });

  it('is recorded by the admin: the site footprint and a partly green contract on a new machine set, published', async () => {
    await createMachineSet(admin, app.server.baseUrl, {
      name: SET,
      version: '2026-audit',
      fill: async (page) => {
        await page.locator('input[data-source="electricity_factor"]').fill('0,02');
        await page.locator('input[data-source="electricity_go_share"]').fill('0,6');
        await page.locator('input[data-source="electricity_residual_factor"]').fill('0,7');
        await page.locator('[name="electricity_residual_source"]').fill(RESIDUAL_SOURCE);
        await page.locator('input[data-source="electricity_location_factor"]').fill('0,427');
        await page.locator('[name="electricity_location_source"]').fill(LOCATION_SOURCE);
        await page.locator('input[data-source="site_kg_co2e"]').fill('52000');
        await choose(page, 'Umlageschlüssel', 'Druckbogen');
        await page.locator('input[data-source="site_annual_amount"]').fill('2600000');
        await page.locator('[name="site_source"]').fill(SITE_SOURCE);
        await page.locator('input[data-source="site_year"]').fill('2025');
      },
    });
    await publishMachineSet(admin, app.server.baseUrl, SET);
    await expect
      .poll(
        async () => (await api<MachineSetRecord[]>('GET', '/api/machine-sets?filter={"current":true}')).body[0]?.name,
        POLL,
      )
      .toBe(SET);
  });

  it('is used by the editor: a brochure on that database, with the mill’s paper, on the demo press, saved as a draft', async () => {
    await editor.goto(`${app.server.baseUrl}/new/brochure`);
    await editor.getByTestId('result-total-value').waitFor();
    await editor.locator('[data-field="title"] input').first().fill('E2E Broschüre Werkspapier');
    await choose(editor, 'Faktordatenbank', new RegExp(`^${DATABASE}`));
    await editor.locator('[data-field="paper"] [role="combobox"]').click();
    await editor.getByRole('option', { name: new RegExp(PAPER) }).click();
    await editor.locator('[data-field="press"] [role="combobox"]').click();
    await editor.getByRole('option', { name: /^Speedmaster SM 102-4/ }).click();
    // Saved as it starts, a draft.
    await editor.getByRole('button', { name: 'Speichern' }).click();
    await editor.waitForURL(/\/edit\/\d+$/);
    await editor.getByTestId('result-stored-total').waitFor();
    id = Number(/\/edit\/(\d+)$/.exec(editor.url())![1]);
  });

  it('cannot be published as a draft: the button is disabled and says why; the API refuses it with the reason', async () => {
    await controls().getByTestId('publish-blocked').waitFor(POLL);
    expect(await controls().getByTestId('publish-blocked').textContent()).toMatch(/Entwurf/);
    expect(await controls().getByTestId('report-publish').isDisabled()).toBe(true);
    await screenshot(editor, 'audit-chain-draft');
    const draft = (await api<CalculationRecord>('GET', `/api/calculations/${id}`)).body;
    const refused = await api<{ message: string }>('POST', `/api/calculations/${id}/publications`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(draft.number);
    expect(refused.body.message).toMatch(/Entwurf/);
  });

  it('may be published once final, and computes with the mill’s paper, the set and the site’s overhead', async () => {
    await choose(editor, 'Status', 'Final');
    await editor.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => controls().getByTestId('report-publish').isEnabled(), POLL).toBe(true);
    const calculation = (await api<CalculationRecord>('GET', `/api/calculations/${id}`)).body;
    expect(calculation.status).toBe('final');
    expect(calculation.inputs.paper).toBe(PAPER_KEY);
    expect(calculation.results.machine_set?.name).toBe(SET);
    const paper = calculation.results.factors.find((factor) => factor.key === PAPER_KEY)!;
    expect(paper).toMatchObject({ value: 0.61, declaration_kind: 'paper_profile', biogenic_co2: 1.4 });
    declaration = declarationInWords(paper, 'de', (key, params) => translate('de', key, params))!;
    expect(declaration).toContain('Paper Profile');
    const value = (name: string) => calculation.results.breakdown.find((entry) => entry.name === name)?.value;
    // Paper on press sheets: more sheets than the copies need, and an overhead share of 0.02 kg per sheet.
    expect(value('press_sheets')).toBeGreaterThan(0);
    expect(value('overhead_co2e')).toBeCloseTo((value('press_sheets')! * 52000) / 2600000, 6);
  });

  it('shows the sheets, the overhead, the electricity, the declaration and the range on the calculation’s page', async () => {
    const panel = editor.getByTestId('quality-panel');
    await panel.waitFor();
    range = (await panel.getByTestId('quality-uncertainty').textContent())!.trim();
    expect(range).toMatch(/^±\d+\s?% \([\d.,]+ – [\d.,]+ kg CO2e\)$/);
    const screen = fold((await editor.textContent('body'))!);
    trace('audit-chain-page.txt', screen);
    for (const words of ['Druckbogen gesamt', 'Betriebsgemeinkosten (Standort)', 'Strom marktbasiert', SITE_SOURCE])
      expect(screen).toContain(words);
    expect(screen).toContain(fold(declaration));
    expect(screen).toContain(PAPER);
    await screenshot(editor, 'audit-chain-calculation');
    await editor
      .getByTestId('provenance-production')
      .first()
      .screenshot({ path: path.join(SCREENSHOT_DIR, 'audit-chain-production.png') });
  });

  it('shows the same lines, both electricity figures, the range on page 1 and the demo mark in the report PDF', async () => {
    const [download] = await Promise.all([
      editor.waitForEvent('download'),
      controls().getByTestId('report-download').click(),
    ]);
    const pdf = fold(await pdfText(new Uint8Array(readFileSync((await download.path())!))));
    trace('audit-chain-report.txt', pdf);
    const pageOne = pdf.split('Methode')[0]!;
    expect(pageOne).toContain(fold(`Unsicherheitsbereich ${range}`));
    expect(pageOne).toContain(DEMO_MARK);
    for (const words of [
      'Druckbogen gesamt',
      'Betriebsgemeinkosten (Standort)',
      'Strom marktbasiert',
      'Strom standortbasiert',
      '0,292',
      '0,427',
      RESIDUAL_SOURCE,
      LOCATION_SOURCE,
      SITE_SOURCE,
      PAPER,
      PAPER_SOURCE,
    ])
      expect(pdf).toContain(words);
    expect(pdf).toContain(fold(declaration));
  });

  it('is published (asked first, saying what becomes public) and its verification page shows the same, marked as demo', async () => {
    await controls().getByTestId('report-publish').click();
    await editor.getByTestId('publish-confirm').waitFor();
    expect(await editor.getByTestId('publish-confirm').textContent()).toContain(DEMO_MARK);
    await confirmDialog(editor);
    const link = controls().getByTestId('publication-url');
    await link.waitFor(POLL);
    const url = (await link.textContent())!.trim();
    const visitor = await newPage(app.browser, { locale: 'de-DE' });
    expect((await visitor.page.goto(url))?.status()).toBe(200);
    await visitor.page.getByTestId('verify-banner').waitFor();
    const body = fold((await visitor.page.textContent('body'))!);
    trace('audit-chain-verification.txt', body);
    expect(body).toContain(fold(`Unsicherheitsbereich${range}`));
    for (const words of [
      'Druckbogen gesamt',
      'Betriebsgemeinkosten (Standort)',
      'Strom marktbasiert',
      'Strom standortbasiert',
      '0,292',
      '0,427',
      RESIDUAL_SOURCE,
      SITE_SOURCE,
      PAPER,
    ])
      expect(body).toContain(words);
    expect(body).toContain(fold(declaration));
    expect(await visitor.page.getByTestId('demo-mark').textContent()).toBe(DEMO_MARK);
    await screenshot(visitor.page, 'audit-chain-verification');
  });
});
