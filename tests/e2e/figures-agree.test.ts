/**
 * One calculation's figures read the same wherever a user meets them (issue #35): on its page, in its report PDF (text
 * extracted), in the calculations list and on the dashboard — all rounded by core's one figure rule.
 */
import { describe, expect, it } from 'vitest';
import type { CalculationRecord } from '../../src/core/api';
import { formatFigure } from '../../src/core/number-format';
import { pdfText } from '../support/pdf-text';
import { apiToken, browserAvailable, login, newPage, screenshot, useRunningApp } from './harness';

const POLL = { timeout: 20_000 };
// A breakdown line's figure in kg CO₂e (its label may hold digits too: the figure is the one before the unit).
const KG = /(-?\d[\d.]*(?:,\d+)?) kg CO₂e/;

describe.runIf(browserAvailable())('the figures of one calculation', () => {
  const app = useRunningApp();

  it('agree on its page, in its PDF, in the list and on the dashboard', async () => {
    const token = await apiToken(app.server.baseUrl, 'editor@muster.example');
    const get = (path: string) =>
      fetch(`${app.server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    // The latest calculation: the dashboard lists it among the latest.
    const [latest] = (await (
      await get('/api/calculations?sort=["updated_at","DESC"]&range=[0,0]')
    ).json()) as CalculationRecord[];
    expect(latest).toBeDefined();
    const total = formatFigure(latest!.total_co2e, 'de');

    const { context, page } = await newPage(app.browser, { locale: 'de-DE' });
    try {
      await login(page, app.server.baseUrl, 'editor@muster.example');

      // Dashboard: the latest calculations with their totals.
      const dashboardItem = page.locator('li', { hasText: latest!.title }).first();
      await dashboardItem.waitFor(POLL);
      expect(await dashboardItem.textContent()).toContain(`${total} kg CO₂e`);

      // Its page: the total and every figure of the breakdown.
      await page.goto(`${app.server.baseUrl}/edit/${latest!.id}`);
      await page.getByTestId('result-stored-total').waitFor(POLL);
      await expect.poll(() => page.getByTestId('result-total-value').textContent(), POLL).toBe(total);
      expect(await page.getByTestId('result-stored-total').textContent()).toContain(`${total} kg CO₂e`);
      const entries = await page.locator('[data-result]').allTextContents();
      const shown = entries.map((text) => KG.exec(text)?.[1]).filter((figure): figure is string => !!figure);
      expect(shown.length).toBeGreaterThan(1);
      await screenshot(page, 'figures-page');

      // Its PDF: the same total and the same figures, as text.
      const response = await get(`/api/calculations/${latest!.id}/report.pdf?language=de`);
      expect(response.status).toBe(200);
      const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
      expect(text).toContain(`${total} kg CO₂e`);
      for (const figure of shown) expect(text, figure).toMatch(new RegExp(`(^|\\s)${figure.replace(/\./g, '\\.')} `));

      // The list.
      await page.goto(`${app.server.baseUrl}/calculations`);
      const row = page.locator('tr', { hasText: latest!.number });
      await row.first().waitFor(POLL);
      expect(await row.first().textContent()).toContain(`${total} kg CO₂e`);
    } finally {
      await context.close();
    }
  });
});
