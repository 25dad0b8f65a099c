/**
 * Ordering a CO2 offset contribution end to end in Chromium: the editor of Druckerei Muster looks at
 * the project catalogue, orders offsets for a demo calculation (quote, review, place); the provider
 * admin confirms and completes the order and downloads the certificate, a PDF naming its number.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationRecord } from '../../src/core/api';
import {
  apiToken,
  browserAvailable,
  confirmDialog,
  screenshot,
  signedInPage,
  stepsInOrder,
  useRunningApp,
} from './harness';
import { pdfText } from '../support/pdf-text';

describe.runIf(browserAvailable())('ordering offsets in Chromium', () => {
  const app = useRunningApp();
  stepsInOrder();
  let editor: Page;
  let provider: Page;
  let calculation: CalculationRecord;
  let orderUrl = '';
  let orderNumber = '';
  let certificateNumber = '';

  beforeAll(async () => {
    const token = await apiToken(app.server.baseUrl, 'editor@muster.example');
    const res = await fetch(`${app.server.baseUrl}/api/calculations?sort=["id","ASC"]&range=[0,0]`, {
      headers: { authorization: `Bearer ${token}` },
    });
    calculation = ((await res.json()) as CalculationRecord[])[0]!;
    ({ page: editor } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
    ({ page: provider } = await signedInPage(app.browser, app.server.baseUrl, 'admin@kontor.example'));
  });

  it('shows the editor the project catalogue', async () => {
    await editor.goto(`${app.server.baseUrl}/carbon-offset-projects`);
    await editor.getByTestId('project-cards').waitFor({ state: 'visible' });
    await editor.getByText('Demo: Effiziente Kochöfen').first().waitFor();
    expect(await editor.locator('[data-testid^="project-card-"]').count()).toBe(5);
    await screenshot(editor, 'offset-projects-catalogue');
  });

  it('quotes offsets for a calculation', async () => {
    await editor.goto(`${app.server.baseUrl}/orders/new?calculation=${calculation.id}`);
    await editor.getByTestId('order-subject').filter({ hasText: calculation.number }).waitFor();
    await editor.getByTestId('choose-project-1').click();
    const total = editor.getByTestId('quote-total');
    await total.waitFor();
    expect(await total.textContent()).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\s€ zzgl\.\sMwSt\.$/);
    await screenshot(editor, 'order-quote');
  });

  it('creates nothing on review, and creates and places the order on "place"', async () => {
    // The review step creates nothing (issue #35); placing creates and places the order.
    await editor.getByTestId('order-review').click();
    await editor.getByTestId('order-review-step').waitFor();
    expect(editor.url()).toMatch(/\/orders\/new\?/);
    await editor.getByTestId('order-place').click();
    await editor.waitForURL(/\/orders\/\d+$/);
    orderUrl = editor.url();
    await editor.getByTestId('order-status').filter({ hasText: 'Bestellt' }).waitFor();
    orderNumber = (await editor.getByTestId('order-number').textContent())!.replace('Bestellung ', '');
    expect(orderNumber).toMatch(/^B-\d{4}-\d{6}$/);
  });

  it('is confirmed and completed by the provider admin, which asks first', async () => {
    await provider.goto(`${app.server.baseUrl}/orders`);
    await provider.getByText(orderNumber).first().waitFor();
    await provider.goto(orderUrl);
    await provider.getByTestId('order-confirm').click();
    await provider.getByTestId('order-status').filter({ hasText: 'Bestätigt' }).waitFor();
    await provider.getByTestId('order-complete').click();
    // Completing issues the certificate and cannot be undone: it asks first.
    await provider.getByRole('dialog').getByText('Damit wird das Zertifikat ausgestellt.', { exact: false }).waitFor();
    await confirmDialog(provider);
    const certificateCell = provider.getByTestId('certificate-number');
    await certificateCell.waitFor();
    certificateNumber = (await certificateCell.textContent())!.trim();
    expect(certificateNumber).toMatch(/^KC-\d{4}-\d{6}$/);
    await screenshot(provider, 'order-completed');
  });

  it('gives the certificate as a PDF naming its number and the mandant', async () => {
    const [download] = await Promise.all([
      provider.waitForEvent('download'),
      provider.getByTestId('download-certificate').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${certificateNumber}.pdf`);
    const bytes = new Uint8Array(readFileSync((await download.path())!));
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(certificateNumber);
    expect(text).toContain('Druckerei Muster');
  });
});
