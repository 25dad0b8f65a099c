/**
 * Issue 6 end to end in Chromium: as admin@muster.example, migrate the demo mandant's calculations
 * (computed with the mandant default, the 2025 demo factors) to the other published version (2024):
 * read the preview, apply, see a calculation's new total on its page, roll back, see the old total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { CalculationRecord, FactorDatabaseRecord, FactorMigrationItemRecord, FactorMigrationRecord } from '../../src/core/api';
import { formatResult } from '../../src/client/templates/resultFormat';
import { apiToken, browserAvailable, launchBrowser, login, newPage, screenshot, startServer, type RunningServer } from './harness';

describe.runIf(browserAvailable())('factor migration in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token = '';

  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiToken(server.baseUrl, 'admin@muster.example');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('previews, applies and rolls back the migration of the demo calculations', async () => {
    const calculations = await api<CalculationRecord[]>(`/calculations?${new URLSearchParams({ sort: '["id","ASC"]', range: '[0,99]' })}`);
    const databases = await api<FactorDatabaseRecord[]>('/databases');
    const current = databases.find((d) => d.id === calculations[0]!.database_id)!;
    expect(calculations.every((c) => c.database_id === current.id)).toBe(true);
    const other = databases.find((d) => d.status === 'published' && d.id !== current.id && d.mandant_id === null)!;

    const { context, page } = await newPage(browser, { locale: 'de-DE' });
    try {
      await login(page, server.baseUrl, 'admin@muster.example');
      await page.goto(`${server.baseUrl}/migrations`);
      await page.getByRole('combobox', { name: /Ziel-Datenbank/ }).click();
      await page.getByRole('option', { name: `${other.name} (${other.version_label})` }).click();
      await page.getByRole('button', { name: 'Vorschau erstellen' }).click();
      const card = page.getByTestId('migration-preview');
      await card.waitFor();
      await expect.poll(async () => card.getByTestId('migration-status').textContent()).toBe('Vorschau');

      // The preview lists every demo calculation; nothing has changed yet.
      const migration = (await api<FactorMigrationRecord[]>(`/migrations?${new URLSearchParams({ sort: '["id","DESC"]' })}`))[0]!;
      const items = await api<FactorMigrationItemRecord[]>(`/migration-items?${new URLSearchParams({ filter: JSON.stringify({ migration_id: migration.id }), range: '[0,99]' })}`);
      expect(migration.summary.count).toBe(calculations.length);
      const changed = items.find((item) => item.total_after !== null && item.total_after !== item.total_before)!;
      expect(changed).toBeDefined();
      const row = card.getByTestId(`migration-item-${changed.calculation_id}`);
      await row.waitFor();
      const rowText = (await row.textContent()) ?? '';
      expect(rowText).toContain(changed.number);
      expect(rowText).toContain(new Intl.NumberFormat('de', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(changed.total_after!));
      expect((await api<CalculationRecord>(`/calculations/${changed.calculation_id}`)).total_co2e).toBe(changed.total_before);
      await screenshot(page, 'migration-preview');

      await card.getByRole('button', { name: 'Anwenden' }).click();
      await expect.poll(async () => card.getByTestId('migration-status').textContent()).toBe('Angewendet');
      const migrated = await api<CalculationRecord>(`/calculations/${changed.calculation_id}`);
      expect(migrated.total_co2e).toBe(changed.total_after);
      expect(migrated.database_id).toBe(other.id);

      // The calculation's own page shows its new stored total.
      await page.goto(`${server.baseUrl}/edit/${changed.calculation_id}`);
      const stored = page.getByTestId('result-stored-total');
      await expect.poll(async () => (await stored.textContent()) ?? '', { timeout: 20_000 }).toContain(formatResult(changed.total_after!, 'de'));
      // It now uses the older version, so the page offers to migrate it to the newer one.
      const hint = page.getByTestId('database-version-hint');
      await expect.poll(async () => (await hint.textContent()) ?? '').toContain(`eine neuere Version ist veröffentlicht: ${current.name}`);

      // Roll back from the history; the old total is back.
      await page.goto(`${server.baseUrl}/migrations`);
      const history = page.getByTestId('migration-history');
      await history.waitFor();
      await history.getByRole('button', { name: 'Zurücknehmen' }).first().click();
      await expect.poll(async () => page.getByTestId('migration-status').textContent()).toBe('Zurückgenommen');
      const restored = await api<CalculationRecord>(`/calculations/${changed.calculation_id}`);
      expect(restored.total_co2e).toBe(changed.total_before);
      expect(restored.database_id).toBe(current.id);
      await page.goto(`${server.baseUrl}/edit/${changed.calculation_id}`);
      await expect.poll(async () => (await page.getByTestId('result-stored-total').textContent()) ?? '', { timeout: 20_000 }).toContain(formatResult(changed.total_before, 'de'));
    } finally {
      await context.close();
    }
  }, 180_000);
});
