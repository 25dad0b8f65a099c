/**
 * Ordering a CO2 offset contribution end to end in Chromium: the editor of Druckerei Muster looks at
 * the project catalogue, orders offsets for a demo calculation (quote, review, place); the provider
 * admin confirms and completes the order and downloads the certificate, a PDF naming its number.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CalculationRecord } from '../../src/core/api';
import { apiToken, browserAvailable, confirmDialog, login, newPage, screenshot, useRunningApp } from './harness';
import { pdfText } from '../support/pdf-text';

describe.runIf(browserAvailable())('ordering offsets in Chromium', () => {
  const app = useRunningApp();

  async function firstDemoCalculation(): Promise<CalculationRecord> {
    const token = await apiToken(app.server.baseUrl, 'editor@muster.example');
    const res = await fetch(`${app.server.baseUrl}/api/calculations?sort=["id","ASC"]&range=[0,0]`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as CalculationRecord[])[0]!;
  }

  it('orders offsets for a calculation, confirms and completes it, and downloads the certificate', async () => {
    const calculation = await firstDemoCalculation();

    // The editor: catalogue, then the order flow from the calculation.
    const editor = await newPage(app.browser, { locale: 'de-DE' });
    await login(editor.page, app.server.baseUrl, 'editor@muster.example');
    await editor.page.goto(`${app.server.baseUrl}/carbon-offset-projects`);
    await editor.page.getByTestId('project-cards').waitFor({ state: 'visible' });
    await editor.page.getByText('Demo: Effiziente Kochöfen').first().waitFor();
    expect(await editor.page.locator('[data-testid^="project-card-"]').count()).toBe(5);
    await screenshot(editor.page, 'offset-projects-catalogue');

    await editor.page.goto(`${app.server.baseUrl}/orders/new?calculation=${calculation.id}`);
    await editor.page.getByTestId('order-subject').filter({ hasText: calculation.number }).waitFor();
    await editor.page.getByTestId('choose-project-1').click();
    const total = editor.page.getByTestId('quote-total');
    await total.waitFor();
    expect(await total.textContent()).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\s€ zzgl\.\sMwSt\.$/);
    await screenshot(editor.page, 'order-quote');
    // The review step creates nothing (issue #35); placing creates and places the order.
    await editor.page.getByTestId('order-review').click();
    await editor.page.getByTestId('order-review-step').waitFor();
    expect(editor.page.url()).toMatch(/\/orders\/new\?/);
    await editor.page.getByTestId('order-place').click();
    await editor.page.waitForURL(/\/orders\/\d+$/);
    const orderUrl = editor.page.url();
    await editor.page.getByTestId('order-status').filter({ hasText: 'Bestellt' }).waitFor();
    const orderNumber = (await editor.page.getByTestId('order-number').textContent())!.replace('Bestellung ', '');
    expect(orderNumber).toMatch(/^B-\d{4}-\d{6}$/);
    await editor.context.close();

    // The provider admin confirms, completes, and downloads the certificate.
    const provider = await newPage(app.browser, { locale: 'de-DE' });
    await login(provider.page, app.server.baseUrl, 'admin@kontor.example');
    await provider.page.goto(`${app.server.baseUrl}/orders`);
    await provider.page.getByText(orderNumber).first().waitFor();
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
    expect(certificateNumber).toMatch(/^KC-\d{4}-\d{6}$/);
    await screenshot(provider.page, 'order-completed');

    const [download] = await Promise.all([
      provider.page.waitForEvent('download'),
      provider.page.getByTestId('download-certificate').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${certificateNumber}.pdf`);
    const bytes = new Uint8Array(readFileSync((await download.path())!));
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(certificateNumber);
    expect(text).toContain('Druckerei Muster');
    await provider.context.close();
  }, 180_000);
});
