/**
 * Issue 21's "done when" end to end in Chromium: the mandant admin of Druckerei Muster records a press in a new
 * machine set and publishes it; the editor's brochure calculation computes with that press; the report PDF names the
 * press's figures and their sources; the publication's PDF carries a QR code that encodes the verification address,
 * which a browser without sign-in opens to the press's figures and the total.
 */
import { readFileSync } from 'node:fs';
import QRCode from 'qrcode';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationRecord, MachineSetRecord } from '../../src/core/api';
import {
  apiToken,
  browserAvailable,
  choose,
  confirmDialog,
  createMachineSet,
  newPage,
  publishMachineSet,
  screenshot,
  signedInPage,
  stepsInOrder,
  useRunningApp,
} from './harness';
import { slowdown } from '../support/load';
import { pdfPageContents, pdfText } from '../support/pdf-text';
import { formatFigure } from '../../src/core/number-format';

const PRESS = 'XL 106 Halle 2';
const SET = 'E2E Maschinenpark';
/** Distinctive per figure, short enough for the report's source column. */
const FIGURES = {
  power_kw: { value: '85', source: 'E2E Leistung Typenschild' },
  speed_sheets_per_hour: { value: '11000', source: 'E2E Tempo Schichtbuch' },
  makeready_minutes: { value: '25', source: 'E2E Rüstzeit Messung' },
  makeready_sheets: { value: '180', source: 'E2E Makulatur Zählung' },
} as const;

/** The figures as report and verification page print them (German number format, the figure's unit). */
// Each machine figure by its German name (its unit included) and its value.
const FIGURE_VALUES = ['Leistung (kW)', 'Geschwindigkeit (Bogen/h)', 'Rüstzeit (min)', '11.000'];

/** The machine may be busy (2 cores, several suites): give the UI time. */
const POLL = { timeout: 20_000 * slowdown() };

/**
 * The squares a page fills, as (x, y, side): pdf-lib draws a rectangle as a translation followed by a closed path
 * `0 0 m 0 h l w h l w 0 l h f`.
 */
function filledSquares(stream: string): { x: number; y: number; side: number }[] {
  const squares: { x: number; y: number; side: number }[] = [];
  const pattern =
    /1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s+(?:[^\n]*\n)*?\s*0 0 m\s+0 ([\d.]+) l\s+([\d.]+) ([\d.]+) l\s+([\d.]+) 0 l\s+h\s+f\b/g;
  for (const match of stream.matchAll(pattern)) {
    const [, x, y, h1, w1, h2, w2] = match.map(Number) as number[];
    if (h1 === h2 && w1 === w2 && Math.abs(w1! - h1!) < 1e-6) squares.push({ x: x!, y: y!, side: w1! });
  }
  return squares;
}

describe.runIf(browserAvailable())('a recorded press through calculation, report and verification in Chromium', () => {
  const app = useRunningApp();
  stepsInOrder();
  let admin: Page;
  let editor: Page;
  let editorToken = '';
  const get = async <T>(path: string) =>
    (await (
      await fetch(`${app.server.baseUrl}${path}`, { headers: { authorization: `Bearer ${editorToken}` } })
    ).json()) as T;
  let preview = '';
  let calculation: CalculationRecord;
  let url = '';
  const controls = () => editor.getByTestId('report-controls');

  beforeAll(async () => {
    ({ page: admin } = await signedInPage(app.browser, app.server.baseUrl, 'admin@muster.example'));
    ({ page: editor } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
    editorToken = await apiToken(app.server.baseUrl, 'editor@muster.example');
  });

  it('is recorded by the admin in a new machine set with sourced figures', async () => {
    await createMachineSet(admin, app.server.baseUrl, { name: SET, version: '2026-e2e' });

    await admin.goto(`${app.server.baseUrl}/machines/create`);
    await choose(admin, 'Maschinenpark', new RegExp(`^${SET}`));
    await admin.locator('input[name="name"]').fill(PRESS);
    await admin.locator('input[name="key"]').fill('xl106-halle2');
    await choose(admin, 'Art', 'Offsetdruckmaschine');
    for (const [name, figure] of Object.entries(FIGURES)) {
      await admin.locator(`input[data-source="figures.${name}.value"]`).fill(figure.value);
      await admin.locator(`[name="figures.${name}.source"]`).fill(figure.source);
      await admin.locator(`input[data-source="figures.${name}.year"]`).fill('2026');
    }
    await admin.getByRole('button', { name: 'Speichern' }).click();
    // The list returns to the saved machine's own set (issue #35), named in the address.
    await admin.waitForURL(/\/machines(\?.*)?$/);
  });

  it('is published by the admin, which makes its set the current one', async () => {
    await publishMachineSet(admin, app.server.baseUrl, SET);
    await screenshot(admin, 'press-machine-sets');
    // Publishing made it the current set, the one a new calculation reads.
    await expect
      .poll(async () => (await get<MachineSetRecord[]>('/api/machine-sets?filter={"current":true}'))[0]?.name, POLL)
      .toBe(SET);
  });

  it('is used by the editor: a brochure on that press computes with its figures and is saved final', async () => {
    await editor.goto(`${app.server.baseUrl}/new/brochure`);
    await editor.getByRole('heading', { name: 'Broschüre', level: 1 }).waitFor();
    const total = editor.getByTestId('result-total-value');
    await total.waitFor();
    await editor.locator('[data-field="title"] input').first().fill('E2E Broschüre XL 106');
    const withoutPress = (await total.textContent())!;
    await editor.locator('[data-field="press"] [role="combobox"]').click();
    await editor.getByRole('option', { name: PRESS }).click();
    // The press's figures replace the reference factors: the total changes.
    await expect.poll(() => total.textContent(), POLL).not.toBe(withoutPress);
    preview = (await total.textContent())!;
    // Final: a draft is not published (issue 33, item 6).
    await choose(editor, 'Status', 'Final');
    await editor.getByRole('button', { name: 'Speichern' }).click();
    await editor.waitForURL(/\/edit\/\d+$/);
    await editor.getByTestId('result-stored-total').waitFor();
    expect(await editor.getByTestId('result-stored-total').textContent()).toContain(preview);
    const id = Number(/\/edit\/(\d+)$/.exec(editor.url())![1]);
    calculation = await get<CalculationRecord>(`/api/calculations/${id}`);
    expect(calculation.inputs.press).toBe('xl106-halle2');
  });

  it('is named in the report with each figure’s source', async () => {
    await controls().getByTestId('publications-none').waitFor();
    const [download] = await Promise.all([
      editor.waitForEvent('download'),
      controls().getByTestId('report-download').click(),
    ]);
    const report = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
    expect(report).toContain(calculation.number);
    expect(report).toContain(PRESS);
    expect(report).toContain(SET);
    // Sources are listed in full under "Datenquellen", wrapped where the line ends.
    const unwrapped = report.replace(/\s+/g, ' ');
    for (const figure of Object.values(FIGURES)) expect(unwrapped).toContain(figure.source);
    // The figures the brochure's press energy formula reads, by their names (units included), in the production table.
    for (const value of FIGURE_VALUES) expect(report).toContain(value);
  });

  it('is published, and the publication’s PDF draws a QR code of exactly the verification address', async () => {
    await controls().getByTestId('report-publish').click();
    // Publishing asks first and says what becomes public.
    await editor.getByTestId('publish-confirm').waitFor();
    await confirmDialog(editor);
    const link = controls().getByTestId('publication-url');
    await link.waitFor();
    url = (await link.textContent())!.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]{22}$/);
    const [published] = await Promise.all([
      editor.waitForEvent('download'),
      controls().getByTestId('publication-pdf').click(),
    ]);
    const bytes = new Uint8Array(readFileSync((await published.path())!));
    expect(await pdfText(bytes)).toContain(url);
    const expected = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    const squares = (await pdfPageContents(bytes)).flatMap(filledSquares);
    // The QR modules are the squares of one size, drawn nowhere else; map each back onto its row and column.
    const side = squares.map((square) => square.side).sort((a, b) => a - b)[0]!;
    const modules = squares.filter((square) => Math.abs(square.side - side) < 1e-6);
    const left = Math.min(...modules.map((square) => square.x));
    const topY = Math.max(...modules.map((square) => square.y));
    const drawn = new Set(
      modules.map((square) => `${Math.round((topY - square.y) / side)},${Math.round((square.x - left) / side)}`),
    );
    const wanted = new Set<string>();
    for (let row = 0; row < expected.size; row++)
      for (let column = 0; column < expected.size; column++)
        if (expected.get(row, column)) wanted.add(`${row},${column}`);
    expect(drawn.size).toBe(wanted.size);
    expect([...drawn].sort()).toEqual([...wanted].sort());
  });

  it('is verifiable at that address by someone without an account: the press’s figures and the total', async () => {
    const visitor = await newPage(app.browser, { locale: 'de-DE' });
    const answer = await visitor.page.goto(url);
    expect(answer?.status()).toBe(200);
    await visitor.page.getByTestId('verify-banner').waitFor();
    const body = (await visitor.page.textContent('body'))!;
    expect(body).toContain(calculation.number);
    expect(body).toContain(PRESS);
    for (const figure of Object.values(FIGURES)) expect(body).toContain(figure.source);
    for (const value of FIGURE_VALUES) expect(body).toContain(value);
    // The stored total by the one figure rule (core/number-format), in the result lines and the headline alike.
    const stored = formatFigure(calculation.total_co2e, 'de');
    const previewKg = Number(preview.replace(/\./g, '').replace(',', '.'));
    expect(Math.abs(previewKg - calculation.total_co2e) / calculation.total_co2e).toBeLessThan(0.001);
    expect(body).toContain(`${stored} kg CO₂e`);
    const headline = stored;
    expect(body).toContain(`${headline} kg CO2e`);
    expect(await visitor.context.cookies()).toEqual([]);
    await screenshot(visitor.page, 'press-verification-page');
  });
});
