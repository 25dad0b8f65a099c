/**
 * One calculation's figures read the same wherever a user meets them (issue #35): on its page, in its report PDF (text
 * extracted), in the calculations list and on the dashboard — all rounded by core's one figure rule.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationRecord } from '../../src/core/api';
import { formatFigure } from '../../src/core/number-format';
import { pdfText } from '../support/pdf-text';
import { apiToken, browserAvailable, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';
import { slowdown } from '../support/load';

const POLL = { timeout: 20_000 * slowdown() };
// A breakdown line's figure in kg CO₂e (its label may hold digits too: the figure is the one before the unit).
const KG = /(-?\d[\d.]*(?:,\d+)?) kg CO₂e/;

describe.runIf(browserAvailable())('the figures of one calculation', () => {
  const app = useRunningApp();
  stepsInOrder();
  let token = '';
  const get = (path: string) =>
    fetch(`${app.server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  let latest: CalculationRecord;
  let total = '';
  let shown: string[] = [];
  let page: Page;

  beforeAll(async () => {
    token = await apiToken(app.server.baseUrl, 'editor@muster.example');
    // The latest calculation: the dashboard lists it among the latest.
    const [found] = (await (
      await get('/api/calculations?sort=["updated_at","DESC"]&range=[0,0]')
    ).json()) as CalculationRecord[];
    expect(found).toBeDefined();
    latest = found!;
    total = formatFigure(latest.total_co2e, 'de');
    ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
  });

  it('reads on the dashboard among the latest calculations', async () => {
    await page.goto(`${app.server.baseUrl}/`);
    const dashboardItem = page.locator('li', { hasText: latest.title }).first();
    await dashboardItem.waitFor(POLL);
    expect(await dashboardItem.textContent()).toContain(`${total} kg CO₂e`);
  });

  it('reads the same on its page: the total and every figure of the breakdown', async () => {
    await page.goto(`${app.server.baseUrl}/edit/${latest.id}`);
    await page.getByTestId('result-stored-total').waitFor(POLL);
    await expect.poll(() => page.getByTestId('result-total-value').textContent(), POLL).toBe(total);
    expect(await page.getByTestId('result-stored-total').textContent()).toContain(`${total} kg CO₂e`);
    const entries = await page.locator('[data-result]').allTextContents();
    shown = entries.map((text) => KG.exec(text)?.[1]).filter((figure): figure is string => !!figure);
    expect(shown.length).toBeGreaterThan(1);
    await screenshot(page, 'figures-page');
  });

  it('reads the same in its PDF, as text', async () => {
    const response = await get(`/api/calculations/${latest.id}/report.pdf?language=de`);
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(`${total} kg CO₂e`);
    for (const figure of shown) expect(text, figure).toMatch(new RegExp(`(^|\\s)${figure.replace(/\./g, '\\.')} `));
  });

  it('reads the same in the list', async () => {
    await page.goto(`${app.server.baseUrl}/calculations`);
    const row = page.locator('tr', { hasText: latest.number });
    await row.first().waitFor(POLL);
    expect(await row.first().textContent()).toContain(`${total} kg CO₂e`);
  });
});
