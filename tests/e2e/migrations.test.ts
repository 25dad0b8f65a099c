/**
 * Issue 6 end to end in Chromium: as admin@muster.example, migrate the demo mandant's calculations
 * (computed with the older demo factors, 2024, while the mandant default is the newer 2025 set) to
 * the newer published version: read the preview, apply, see a calculation's new total on its page,
 * roll back, see the old total and the offer to migrate to the newer version again.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CalculationRecord,
  FactorDatabaseRecord,
  FactorMigrationItemRecord,
  FactorMigrationRecord,
} from '../../src/core/api';
import { formatResult } from '../../src/client/template-forms/resultFormat';
import { formatFigure } from '../../src/core/number-format';
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

describe.runIf(browserAvailable())('factor migration in Chromium', () => {
  const app = useRunningApp();
  let token = '';
  let page: Page;

  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${app.server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  beforeAll(async () => {
    token = await apiToken(app.server.baseUrl, 'admin@muster.example');
    ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'admin@muster.example'));
  });

  describe('previews, applies and rolls back the migration of the demo calculations', () => {
    stepsInOrder();
    let calculations: CalculationRecord[];
    let current: FactorDatabaseRecord;
    let other: FactorDatabaseRecord;
    let changed: FactorMigrationItemRecord;
    const card = () => page.getByTestId('migration-preview');

    it('offers the newer database, not the one the calculations already use', async () => {
      calculations = await api<CalculationRecord[]>(
        `/calculations?${new URLSearchParams({ sort: '["id","ASC"]', range: '[0,99]' })}`,
      );
      const databases = await api<FactorDatabaseRecord[]>('/databases');
      current = databases.find((d) => d.id === calculations[0]!.database_id)!;
      expect(calculations.every((c) => c.database_id === current.id)).toBe(true);
      other = databases.find((d) => d.status === 'published' && d.id !== current.id && d.mandant_id === null)!;
      // A fresh start has a newer database to migrate to (issue #18 item 12).
      expect(other.valid_from! > current.valid_from!).toBe(true);

      await page.goto(`${app.server.baseUrl}/migrations`);
      // The database the calculations already use is not offered.
      await expect
        .poll(async () => (await page.getByTestId('migration-in-use').textContent()) ?? '', {
          timeout: 20_000 * slowdown(),
        })
        .toContain(`${current.name} (${current.version_label})`);
      await page.getByRole('combobox', { name: /Ziel-Datenbank/ }).click();
      await page.getByRole('option', { name: `${other.name} (${other.version_label})` }).waitFor();
      expect(await page.getByRole('option', { name: `${current.name} (${current.version_label})` }).count()).toBe(0);
      await screenshot(page, 'migration-targets');
    });

    it('previews every demo calculation, changing nothing yet', async () => {
      await page.getByRole('option', { name: `${other.name} (${other.version_label})` }).click();
      await page.getByRole('button', { name: 'Vorschau erstellen' }).click();
      await card().waitFor();
      await expect.poll(async () => card().getByTestId('migration-status').textContent()).toBe('Vorschau');

      // The preview lists every demo calculation; nothing has changed yet.
      const migration = (
        await api<FactorMigrationRecord[]>(`/migrations?${new URLSearchParams({ sort: '["id","DESC"]' })}`)
      )[0]!;
      const items = await api<FactorMigrationItemRecord[]>(
        `/migration-items?${new URLSearchParams({ filter: JSON.stringify({ migration_id: migration.id }), range: '[0,99]' })}`,
      );
      expect(migration.summary.count).toBe(calculations.length);
      changed = items.find((item) => item.total_after !== null && item.total_after !== item.total_before)!;
      expect(changed).toBeDefined();
      const row = card().getByTestId(`migration-item-${changed.calculation_id}`);
      await row.waitFor();
      const rowText = (await row.textContent()) ?? '';
      expect(rowText).toContain(changed.number);
      // The kg figure by the one figure rule (core/number-format), as everywhere a person reads it.
      expect(rowText).toContain(formatFigure(changed.total_after!, 'de'));
      expect((await api<CalculationRecord>(`/calculations/${changed.calculation_id}`)).total_co2e).toBe(
        changed.total_before,
      );
      await screenshot(page, 'migration-preview');
    });

    it('applies it after asking', async () => {
      await card().getByRole('button', { name: 'Anwenden' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot only
      await screenshot(page, 'migration-apply-confirm');
      await confirmDialog(page);
      await expect.poll(async () => card().getByTestId('migration-status').textContent()).toBe('Angewendet');
      const migrated = await api<CalculationRecord>(`/calculations/${changed.calculation_id}`);
      expect(migrated.total_co2e).toBe(changed.total_after);
      expect(migrated.database_id).toBe(other.id);
    });

    it('shows the new stored total on the calculation’s page, which offers nothing newer', async () => {
      await page.goto(`${app.server.baseUrl}/edit/${changed.calculation_id}`);
      const stored = page.getByTestId('result-stored-total');
      await expect
        .poll(async () => (await stored.textContent()) ?? '', { timeout: 20_000 * slowdown() })
        .toContain(formatResult(changed.total_after!, 'de'));
      // It now uses the newest version: nothing newer is offered.
      const hint = page.getByTestId('database-version-hint');
      await expect
        .poll(async () => (await hint.textContent()) ?? '')
        .toContain(`Berechnet mit der Faktordatenbank ${other.name} (${other.version_label}).`);
    });

    it('rolls it back from the history: the old total is back', async () => {
      await page.goto(`${app.server.baseUrl}/migrations`);
      const history = page.getByTestId('migration-history');
      await history.waitFor();
      await history.getByRole('button', { name: 'Zurücknehmen' }).first().click();
      await confirmDialog(page);
      await expect.poll(async () => page.getByTestId('migration-status').textContent()).toBe('Zurückgenommen');
      const restored = await api<CalculationRecord>(`/calculations/${changed.calculation_id}`);
      expect(restored.total_co2e).toBe(changed.total_before);
      expect(restored.database_id).toBe(current.id);
    });

    it('shows the old total on the calculation’s page, with the offer to migrate to the newer version', async () => {
      await page.goto(`${app.server.baseUrl}/edit/${changed.calculation_id}`);
      await expect
        .poll(async () => (await page.getByTestId('result-stored-total').textContent()) ?? '', {
          timeout: 20_000 * slowdown(),
        })
        .toContain(formatResult(changed.total_before, 'de'));
      // Back on the older version, the page offers to migrate it to the newer one.
      await expect
        .poll(async () => (await page.getByTestId('database-version-hint').textContent()) ?? '')
        .toContain(`eine neuere Version ist veröffentlicht: ${other.name}`);
      await screenshot(page, 'calculation-newer-database');
    });
  });

  describe('offers in the calculations list to migrate the filter’s calculations, and migrates exactly those', () => {
    stepsInOrder();
    let all: CalculationRecord[];
    let older: FactorDatabaseRecord;
    let newest: FactorDatabaseRecord;
    let templateId = '';
    const offer = () => page.getByTestId('migrate-filter');
    const card = () => page.getByTestId('migration-preview');

    it('offers every calculation of the unfiltered list', async () => {
      all = await api<CalculationRecord[]>(
        `/calculations?${new URLSearchParams({ sort: '["id","ASC"]', range: '[0,99]' })}`,
      );
      const databases = await api<FactorDatabaseRecord[]>('/databases');
      // After the rollback above, every demo calculation is on the older database again, as seeded.
      older = databases.find((d) => d.id === all[0]!.database_id)!;
      expect(all.every((c) => c.database_id === older.id)).toBe(true);
      newest = databases.find((d) => d.status === 'published' && d.id !== older.id && d.mandant_id === null)!;
      expect(newest.valid_from! > older.valid_from!).toBe(true);
      templateId = all[0]!.template_id;

      await page.goto(`${app.server.baseUrl}/calculations`);
      await expect
        .poll(async () => (await offer().textContent()) ?? '', { timeout: 20_000 * slowdown() })
        .toContain(`${all.length} Kalkulationen auf ${newest.name} (${newest.version_label}) migrieren`);
      await screenshot(page, 'calculations-migrate-offer');
    });

    it('follows the filter when the list is narrowed to one template, and carries it to the migration', async () => {
      const ofTemplate = all.filter((c) => c.template_id === templateId);
      await page.goto(
        `${app.server.baseUrl}/calculations?${new URLSearchParams({ filter: JSON.stringify({ template_id: templateId }) })}`,
      );
      await expect
        .poll(async () => (await offer().textContent()) ?? '', { timeout: 20_000 * slowdown() })
        .toContain(`${ofTemplate.length} ${ofTemplate.length === 1 ? 'Kalkulation' : 'Kalkulationen'} auf`);
      await offer().click();
      await expect
        .poll(async () => (await page.getByTestId('migration-filter').textContent()) ?? '')
        .toContain(`template_id: ${templateId}`);
    });

    it('previews and applies the migration of exactly those', async () => {
      await page.getByRole('button', { name: 'Vorschau erstellen' }).click();
      await expect
        .poll(async () => (await card().getByTestId('migration-status').textContent()) ?? '', {
          timeout: 20_000 * slowdown(),
        })
        .toBe('Vorschau');
      await screenshot(page, 'migration-filter-preview');
      await card().getByRole('button', { name: 'Anwenden' }).click();
      await confirmDialog(page);
      await expect.poll(async () => card().getByTestId('migration-status').textContent()).toBe('Angewendet');
      const after = await api<CalculationRecord[]>(
        `/calculations?${new URLSearchParams({ sort: '["id","ASC"]', range: '[0,99]' })}`,
      );
      for (const calculation of after)
        expect(calculation.database_id).toBe(calculation.template_id === templateId ? newest.id : older.id);
    });

    it('has the template-version form on the same page', async () => {
      await page.getByRole('button', { name: 'Vorlagen-Version' }).click();
      await page.getByText(/neue Felder erhalten ihren Standardwert/).waitFor();
      await screenshot(page, 'migration-template-form');
    });
  });
});
