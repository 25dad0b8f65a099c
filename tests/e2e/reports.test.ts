/**
 * A footprint report end to end in Chromium (issue 21, item 5): the editor of Druckerei Muster opens a calculation,
 * downloads its report (PDF with method statement and sources), publishes it; a fresh browser context without
 * sign-in opens the verification address and sees the figures; after the editor revokes it, it shows not-found.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CalculationRecord } from '../../src/core/api';
import { apiToken, browserAvailable, confirmDialog, login, newPage, screenshot, useRunningApp } from './harness';
import { pdfText } from '../support/pdf-text';

describe.runIf(browserAvailable())('footprint report and verification page in Chromium', () => {
  const app = useRunningApp();

  it('downloads, publishes, verifies without sign-in and revokes a calculation’s report', async () => {
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
    const calculation = await get<CalculationRecord>(`/api/calculations/${first.id}`);

    const editor = await newPage(app.browser, { locale: 'de-DE' });
    await login(editor.page, app.server.baseUrl, 'editor@muster.example');
    await editor.page.goto(`${app.server.baseUrl}/edit/${calculation.id}`);
    const controls = editor.page.getByTestId('report-controls');
    await controls.waitFor();
    await controls.getByTestId('publications-none').waitFor();

    const [download] = await Promise.all([
      editor.page.waitForEvent('download'),
      controls.getByTestId('report-download').click(),
    ]);
    const text = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
    expect(text).toContain('CO₂-Fußabdruck-Bericht');
    expect(text).toContain(calculation.number);
    expect(text).toContain('Funktionelle Einheit');
    expect(text).not.toMatch(/klimaneutral|kompensiert/i);

    await controls.getByTestId('report-publish').click();
    // Publishing asks first, says what becomes public and, on demo factors, that the page carries the demo mark.
    await editor.page.getByTestId('publish-confirm').waitFor();
    expect(await editor.page.getByTestId('publish-demo-note').textContent()).toContain(
      'Demowerte – nicht für Berichte',
    );
    await confirmDialog(editor.page);
    const link = controls.getByTestId('publication-url');
    await link.waitFor();
    const url = (await link.textContent())!.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]{22}$/);
    await screenshot(editor.page, 'report-controls');

    // Someone without an account: a fresh context, no sign-in.
    const visitor = await newPage(app.browser, { locale: 'en-GB' });
    const answer = await visitor.page.goto(url);
    expect(answer?.status()).toBe(200);
    await visitor.page.getByTestId('verify-banner').waitFor();
    const body = (await visitor.page.textContent('body'))!;
    expect(body).toContain(calculation.number);
    expect(body).toContain('Funktionelle Einheit');
    // The calculation rests on a demo database: the page says so above everything else.
    expect(await visitor.page.getByTestId('demo-mark').textContent()).toBe('Demowerte – nicht für Berichte');
    for (const factor of calculation.results.factors) expect(body).toContain(factor.source);
    expect(await visitor.context.cookies()).toEqual([]);
    await screenshot(visitor.page, 'verification-page');

    await controls.getByTestId('publication-revoke').click();
    await confirmDialog(editor.page);
    await controls.getByTestId('publications-none').waitFor();

    const gone = await visitor.page.goto(url);
    expect(gone?.status()).toBe(404);
    expect(await visitor.page.textContent('body')).not.toContain(calculation.number);
    await visitor.context.close();
    await editor.context.close();
  }, 180_000);
});
