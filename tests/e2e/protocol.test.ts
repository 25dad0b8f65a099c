/**
 * Issue 7 end to end in Chromium: an editor changes a demo calculation's customer (through the API, as
 * an integration would), finds the protocol entry with its diff on /protocol, and /statistics shows the
 * demo figures — formatted in German, and after switching the language in English. Screenshots of the
 * statistics page and the dashboard are kept in tests/e2e/screenshots.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationRecord, StatisticsResult } from '../../src/core/api';
import { formatKg } from '../../src/client/statistics/format';
import { apiToken, browserAvailable, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';

describe.runIf(browserAvailable())('protocol and statistics in Chromium', () => {
  const app = useRunningApp();
  stepsInOrder();
  let token = '';

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${app.server.baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const customer = 'Verlag E2E Protokoll';
  let calculation: CalculationRecord;
  let page: Page;
  let co2e = 0;
  const figures = () => page.getByTestId('statistics-overview');

  // The edit as an integration makes it: through the API.
  beforeAll(async () => {
    token = await apiToken(app.server.baseUrl, 'editor@muster.example');
    const list = await api<CalculationRecord[]>(
      'GET',
      `/calculations?${new URLSearchParams({ sort: '["id","ASC"]', range: '[0,0]' })}`,
    );
    // A list page carries list rows; a PUT starts from the whole record.
    calculation = await api<CalculationRecord>('GET', `/calculations/${list[0]!.id}`);
    await api('PUT', `/calculations/${calculation.id}`, { ...calculation, customer });
    ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
  });

  it('shows the protocol entry of an edit with its diff', async () => {
    await page.goto(`${app.server.baseUrl}/protocol`);
    // The entry of the edit, with its diff inline: the customer field, old → new.
    const row = page.locator('tr', { hasText: customer }).first();
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(`„${calculation.number}“ geändert`);
    expect(text).toContain('Geändert');
    if (calculation.customer) expect(text).toContain(calculation.customer);
    await screenshot(page, 'protocol-calculation-edit');
  });

  it('shows the demo statistics in German', async () => {
    const overview = await api<StatisticsResult>('GET', '/statistics/overview');
    co2e = overview.rows[0]!.co2e_kg as number;
    expect(overview.rows[0]!.calculations).toBeGreaterThanOrEqual(5);

    await page.goto(`${app.server.baseUrl}/statistics`);
    await page.getByRole('heading', { name: 'Statistik', level: 1 }).waitFor();
    await expect.poll(() => figures().textContent()).toContain(formatKg('de', co2e));
    const customers = page.getByRole('table', { name: 'kg CO₂e nach Kunde' });
    await customers.waitFor();
    expect(await customers.textContent()).toContain(customer);
    await page.getByRole('table', { name: 'kg CO₂e nach Vorlage' }).waitFor();
    expect(await page.getByRole('table', { name: 'kg CO₂e nach Vorlage' }).textContent()).toContain('Broschüre');
    await page.locator('.MuiChartsSurface-root, svg.MuiChartsSurface-root').first().waitFor();
    await screenshot(page, 'statistics-de');
  });

  it('shows them in English after switching the language', async () => {
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    await expect.poll(() => figures().textContent()).toContain(formatKg('en', co2e));
    const templates = page.getByRole('table', { name: 'kg CO₂e by template' });
    await templates.waitFor();
    await expect.poll(() => templates.textContent()).toContain('Brochure');
    await screenshot(page, 'statistics-en');
  });

  it('shows the same figure and the edited calculation on the dashboard, in English', async () => {
    await page.goto(`${app.server.baseUrl}/`);
    await page.getByTestId('dashboard-figures').waitFor();
    await expect.poll(() => page.getByTestId('dashboard-figures').textContent()).toContain(formatKg('en', co2e));
    await page.getByRole('link', { name: calculation.title }).first().waitFor();
    await screenshot(page, 'dashboard-en');
  });
});
