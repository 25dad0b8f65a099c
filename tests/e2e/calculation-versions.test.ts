/**
 * Issue #34 item 1 in Chromium, in German: the demo's version-1 brochure K-2026-000002 opens as version 1 (its form,
 * its stored figure), and the offer "Auf Version 3 umstellen" carries it to the newest version, 3, through the migration preview.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationRecord } from '../../src/core/api';
import { formatResult } from '../../src/client/template-forms/resultFormat';
import {
  apiToken,
  browserAvailable,
  confirmDialog,
  screenshot,
  signedInPage,
  stepsInOrder,
  useRunningApp,
} from './harness';
import { slowdown } from '../support/load';

const POLL = { timeout: 20_000 * slowdown() };

describe.runIf(browserAvailable())('a calculation stays what it was saved as', () => {
  const app = useRunningApp();
  stepsInOrder();
  let token = '';
  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${app.server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  let page: Page;
  let before: CalculationRecord;
  let after: CalculationRecord;

  beforeAll(async () => {
    token = await apiToken(app.server.baseUrl, 'admin@muster.example');
    ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'admin@muster.example'));
  });

  it('opens K-2026-000002 as version 1 with its stored figure', async () => {
    const all = await api<CalculationRecord[]>(`/calculations?${new URLSearchParams({ range: '[0,99]' })}`);
    const listed = all.find((c) => c.number === 'K-2026-000002')!;
    expect(listed).toMatchObject({ template_id: 'brochure', template_version: 1 });
    before = await api<CalculationRecord>(`/calculations/${listed.id}`);

    await page.goto(`${app.server.baseUrl}/edit/${before.id}`);
    await expect
      .poll(async () => (await page.getByTestId('calculation-template-version').textContent()) ?? '', POLL)
      .toContain('Vorlage Version 1');
    // Version 1's form: none of the fields versions 2 and 3 added, and every field of its own.
    await page.locator('[data-field="quantity"] input').first().waitFor();
    expect(await page.locator('[data-field="colours_front"]').count()).toBe(0);
    expect(await page.locator('[data-field="ups"]').count()).toBe(0);
    expect(await page.locator('[data-field="energy_kwh_per_1000"]').count()).toBeGreaterThan(0);
    // The big figure is the stored one, the one the list shows.
    await expect
      .poll(async () => page.getByTestId('result-total-value').textContent(), POLL)
      .toBe(formatResult(before.total_co2e, 'de'));
    expect(await page.getByTestId('result-stored-total').textContent()).toContain(
      formatResult(before.total_co2e, 'de'),
    );
    expect(await page.getByTestId('template-version-hint').textContent()).toContain('Erstellt mit Version 1');
    await screenshot(page, 'calculation-version-1');
  });

  it('carries it to version 3 through the offer: preview first, then apply', async () => {
    await page.getByRole('link', { name: 'Auf Version 3 umstellen' }).click();
    await page.getByRole('button', { name: 'Vorschau erstellen' }).click();
    const card = page.getByTestId('migration-preview');
    await card.waitFor();
    await expect.poll(async () => card.getByTestId('migration-status').textContent(), POLL).toBe('Vorschau');
    await card.getByTestId(`migration-item-${before.id}`).waitFor();
    // Still version 1 until applied.
    expect((await api<CalculationRecord>(`/calculations/${before.id}`)).template_version).toBe(1);
    await card.getByRole('button', { name: 'Anwenden' }).click();
    await confirmDialog(page);
    await expect.poll(async () => card.getByTestId('migration-status').textContent(), POLL).toBe('Angewendet');
    after = await api<CalculationRecord>(`/calculations/${before.id}`);
    expect(after.template_version).toBe(3);
  });

  it('opens it as version 3 afterwards, with nothing newer offered', async () => {
    await page.goto(`${app.server.baseUrl}/edit/${before.id}`);
    await expect
      .poll(async () => (await page.getByTestId('calculation-template-version').textContent()) ?? '', POLL)
      .toContain('Vorlage Version 3');
    await page.locator('[data-field="colours_front"]').first().waitFor();
    await expect
      .poll(async () => page.getByTestId('result-total-value').textContent(), POLL)
      .toBe(formatResult(after.total_co2e, 'de'));
    // Nothing newer is offered any more.
    expect(await page.getByTestId('template-version-hint').count()).toBe(0);
    await screenshot(page, 'calculation-version-2');
  });
});
