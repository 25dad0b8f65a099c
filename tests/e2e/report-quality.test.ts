/**
 * Reports an auditor accepts, end to end in Chromium (issue 33, item 5): the calculation page, the report PDF and the
 * public verification page state the same uncertainty range and the data quality of the factors; a draft cannot be
 * published and says why; a calculation on the demo database carries the demo mark on its page and in its PDF.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationRecord } from '../../src/core/api';
import {
  apiToken,
  browserAvailable,
  confirmDialog,
  newPage,
  screenshot,
  SCREENSHOT_DIR,
  signedInPage,
  stepsInOrder,
  useRunningApp,
} from './harness';
import { pdfText } from '../support/pdf-text';

/** Text as the PDF extraction and the browser give it, compared alike: spaces folded, the WinAnsi dash read as one. */
// PDFs print CO₂ with its subscript (issue #35); the screen's words say CO2e: compared alike.
const fold = (text: string) =>
  text
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/\u0096/g, '–')
    .replace(/CO₂/g, 'CO2');

describe.runIf(browserAvailable())(
  'data quality and uncertainty on screen, in the PDF and on the verification page',
  () => {
    const app = useRunningApp();
    stepsInOrder();
    let token = '';
    const api = async <T>(method: string, path: string, body?: unknown) => {
      const response = await fetch(`${app.server.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as T };
    };
    let calculation: CalculationRecord;
    let editor: Page;
    let range = '';
    let share = '';
    let quality = '';
    const controls = () => editor.getByTestId('report-controls');

    beforeAll(async () => {
      token = await apiToken(app.server.baseUrl, 'editor@muster.example');
      const first = (
        await api<CalculationRecord[]>(
          'GET',
          `/api/calculations?sort=["id","ASC"]&range=[0,0]&filter=${encodeURIComponent('{"status":"final"}')}`,
        )
      ).body[0]!;
      calculation = (await api<CalculationRecord>('GET', `/api/calculations/${first.id}`)).body;
      ({ page: editor } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
    });

    it('states the range and each factor’s data quality on the calculation’s page', async () => {
      await editor.goto(`${app.server.baseUrl}/edit/${calculation.id}`);
      const panel = editor.getByTestId('quality-panel');
      await panel.waitFor();
      range = (await panel.getByTestId('quality-uncertainty').textContent())!.trim();
      expect(range).toMatch(/^±\d+\s?% \([\d.,]+ – [\d.,]+ kg CO2e\)$/);
      share = (await panel.getByTestId('quality-primary-share').textContent())!.trim();
      expect(await panel.textContent()).toContain('Abschneidekriterium');
      // Each factor row of the provenance names its data quality.
      quality = (await editor.getByTestId('provenance-factors').first().locator('tbody tr td').last().textContent())!;
      expect(quality).toMatch(/^sekundär · \d{4} \(.+\) · .+ · .+ · ±\d+\s?%$/);
      await screenshot(editor, 'report-quality-calculation');
      await panel.screenshot({ path: path.join(SCREENSHOT_DIR, 'report-quality-panel.png') });
      await editor
        .getByTestId('provenance-factors')
        .first()
        .screenshot({ path: path.join(SCREENSHOT_DIR, 'report-quality-factors.png') });
    });

    it('states the same range and share on page 1 of the PDF, the demo mark, and data quality per factor', async () => {
      await controls().getByTestId('publications-none').waitFor();
      const [download] = await Promise.all([
        editor.waitForEvent('download'),
        controls().getByTestId('report-download').click(),
      ]);
      const pdf = fold(await pdfText(new Uint8Array(readFileSync((await download.path())!))));
      const pageOne = pdf.split('Methode')[0]!;
      expect(pageOne).toContain(fold(`Unsicherheitsbereich ${range}`));
      expect(pageOne).toContain(fold(`Anteil Primärdaten ${share}`));
      expect(pageOne).toContain('Demowerte – nicht für Berichte');
      expect(pdf).toContain(fold(quality));
    });

    it('states the same again on the verification page, without sign-in', async () => {
      await controls().getByTestId('report-publish').click();
      await editor.getByTestId('publish-confirm').waitFor();
      await confirmDialog(editor);
      const link = controls().getByTestId('publication-url');
      await link.waitFor();
      const url = (await link.textContent())!.trim();
      const visitor = await newPage(app.browser, { locale: 'en-GB' });
      expect((await visitor.page.goto(url))?.status()).toBe(200);
      const body = fold((await visitor.page.textContent('body'))!);
      expect(body).toContain(fold(`Unsicherheitsbereich${range}`));
      expect(body).toContain(fold(quality));
      expect(await visitor.page.getByTestId('verify-data-quality').textContent()).toContain('Biogener Kohlenstoff');
      expect(await visitor.page.getByTestId('demo-mark').textContent()).toBe('Demowerte – nicht für Berichte');
      await screenshot(visitor.page, 'report-quality-verification');
      await visitor.context.close();
    });

    it('refuses a draft: the button is disabled and says why; the API refuses it with the reason', async () => {
      const draft = await api<CalculationRecord>('POST', '/api/calculations', {
        template_id: calculation.template_id,
        status: 'draft',
        inputs: { ...calculation.inputs, title: 'Entwurf für den Prüfer' },
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      await editor.goto(`${app.server.baseUrl}/edit/${draft.body.id}`);
      const draftControls = editor.getByTestId('report-controls');
      await draftControls.getByTestId('publish-blocked').waitFor();
      expect(await draftControls.getByTestId('publish-blocked').textContent()).toMatch(/Entwurf/);
      expect(await draftControls.getByTestId('report-publish').isDisabled()).toBe(true);
      const refused = await api<{ message: string }>('POST', `/api/calculations/${draft.body.id}/publications`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain(draft.body.number);
    });
  },
);
