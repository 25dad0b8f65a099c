/**
 * A footprint report end to end in Chromium (issue 21, item 5): the editor of Druckerei Muster opens a calculation,
 * downloads its report (PDF with method statement and sources), publishes it; a fresh browser context without
 * sign-in opens the verification address and sees the figures; after the editor revokes it, it shows not-found.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationRecord } from '../../src/core/api';
import {
  apiToken,
  browserAvailable,
  confirmDialog,
  newPage,
  screenshot,
  signedInPage,
  stepsInOrder,
  useRunningApp,
} from './harness';
import { pdfText } from '../support/pdf-text';

describe.runIf(browserAvailable())('footprint report and verification page in Chromium', () => {
  const app = useRunningApp();
  stepsInOrder();
  let calculation: CalculationRecord;
  let editor: Page;
  let visitor: Page;
  let url = '';
  const controls = () => editor.getByTestId('report-controls');

  beforeAll(async () => {
    const token = await apiToken(app.server.baseUrl, 'editor@muster.example');
    const get = async <T>(path: string) =>
      (await (
        await fetch(`${app.server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as T;
    // A final one: a draft is not published (issue 33, item 6).
    const first = (
      await get<CalculationRecord[]>(
        `/api/calculations?sort=["id","ASC"]&range=[0,0]&filter=${encodeURIComponent('{"status":"final"}')}`,
      )
    )[0]!;
    expect(first.status).toBe('final');
    // The full record: a list row carries no factors.
    calculation = await get<CalculationRecord>(`/api/calculations/${first.id}`);
    ({ page: editor } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
  });

  it('downloads a calculation’s report: a PDF with method statement and sources', async () => {
    await editor.goto(`${app.server.baseUrl}/edit/${calculation.id}`);
    await controls().waitFor();
    await controls().getByTestId('publications-none').waitFor();

    const [download] = await Promise.all([
      editor.waitForEvent('download'),
      controls().getByTestId('report-download').click(),
    ]);
    const text = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
    expect(text).toContain('CO₂-Fußabdruck-Bericht');
    expect(text).toContain(calculation.number);
    expect(text).toContain('Funktionelle Einheit');
    expect(text).not.toMatch(/klimaneutral|kompensiert/i);
  });

  it('publishes it after saying what becomes public, with the demo mark', async () => {
    await controls().getByTestId('report-publish').click();
    // Publishing asks first, says what becomes public and, on demo factors, that the page carries the demo mark.
    await editor.getByTestId('publish-confirm').waitFor();
    expect(await editor.getByTestId('publish-demo-note').textContent()).toContain('Demowerte – nicht für Berichte');
    await confirmDialog(editor);
    const link = controls().getByTestId('publication-url');
    await link.waitFor();
    url = (await link.textContent())!.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]{22}$/);
    await screenshot(editor, 'report-controls');
  });

  it('shows the figures on the verification address without sign-in', async () => {
    // Someone without an account: a fresh context, no sign-in.
    ({ page: visitor } = await newPage(app.browser, { locale: 'en-GB' }));
    const answer = await visitor.goto(url);
    expect(answer?.status()).toBe(200);
    await visitor.getByTestId('verify-banner').waitFor();
    const body = (await visitor.textContent('body'))!;
    expect(body).toContain(calculation.number);
    expect(body).toContain('Funktionelle Einheit');
    // The calculation rests on a demo database: the page says so above everything else.
    expect(await visitor.getByTestId('demo-mark').textContent()).toBe('Demowerte – nicht für Berichte');
    for (const factor of calculation.results.factors) expect(body).toContain(factor.source);
    expect(await visitor.context().cookies()).toEqual([]);
    await screenshot(visitor, 'verification-page');
  });

  it('shows not-found at that address once the editor has revoked it', async () => {
    await controls().getByTestId('publication-revoke').click();
    await confirmDialog(editor);
    await controls().getByTestId('publications-none').waitFor();

    const gone = await visitor.goto(url);
    expect(gone?.status()).toBe(404);
    expect(await visitor.textContent('body')).not.toContain(calculation.number);
  });
});
