/**
 * Changes know what they touch (issue #34), in Chromium and in German: a provider admin renames a field that
 * calculations use in the form editor — its condition, formula, list column and import alias follow in one step —
 * is asked before deleting a field in use (its formula named, the calculations holding a value counted), and before
 * publishing sees the calculations the version reaches with the renamed field's values carried over. A migration then
 * brings every existing calculation to the new version with the same figures.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalculationRecord, FactorMigrationRecord, TemplateVersionRecord } from '../../src/core/api';
import { apiToken, browserAvailable, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';

const text = (de: string, en: string, fr: string, it: string, es: string) => ({ de, en, fr, it, es });

/** Labels stuck on a roll: copies × label area × grammage, paper by the demo factor. */
const LABELS = {
  id: 'etiketten-rename',
  type: 'product',
  icon: 'Label',
  label: text('Etiketten', 'Labels', 'Étiquettes', 'Etichette', 'Etiquetas'),
  groups: [
    {
      id: 'general',
      label: text('Allgemein', 'General', 'Général', 'Generale', 'General'),
      fields: [
        {
          name: 'title',
          type: 'text',
          label: text('Titel', 'Title', 'Titre', 'Titolo', 'Título'),
          rules: ['required'],
        },
        {
          name: 'quantity',
          type: 'integer',
          label: text('Auflage', 'Copies', 'Tirage', 'Tiratura', 'Tirada'),
          unit: 'pcs',
          rules: ['required', 'min:1'],
        },
        {
          name: 'area_cm2',
          type: 'number',
          label: text('Fläche', 'Area', 'Surface', 'Superficie', 'Superficie'),
          unit: 'cm²',
          rules: ['required', 'min:0'],
        },
        {
          name: 'note',
          type: 'text',
          label: text(
            'Hinweis Großauflage',
            'Large run note',
            'Note grand tirage',
            'Nota grande tiratura',
            'Nota tirada grande',
          ),
          visibleIf: 'quantity > 10000',
          informational: true,
        },
      ],
    },
  ],
  results: [
    {
      name: 'paper_kg',
      label: text('Papier', 'Paper', 'Papier', 'Carta', 'Papel'),
      unit: 'kg',
      formula: 'quantity * area_cm2 / 10000 * 0.08',
    },
    {
      name: 'total_co2e',
      label: text('Gesamt', 'Total', 'Total', 'Totale', 'Total'),
      unit: 'kg CO2e',
      formula: "paper_kg * factor('paper_virgin')",
      primary: true,
    },
  ],
  list: { columns: ['title', 'quantity', 'total_co2e'] },
  import: { aliases: { Auflage: 'quantity' } },
};

async function api<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

describe.runIf(browserAvailable())('renaming a field in use (issue #34)', () => {
  const app = useRunningApp();
  stepsInOrder();
  let base = '';
  let provider = '';
  let page: Page;
  const made: CalculationRecord[] = [];

  // The template and two calculations that use it, through the API: the journey is the provider admin's.
  beforeAll(async () => {
    base = app.server.baseUrl;
    provider = await apiToken(base, 'admin@kontor.example');
    await api<TemplateVersionRecord>(base, provider, 'POST', '/api/templates', {
      definition: LABELS,
      status: 'published',
      mode: 'new',
    });
    const editor = await apiToken(base, 'editor@muster.example');
    for (const [title, quantity, area] of [
      ['Weinetiketten', 5000, 48],
      ['Honiggläser', 1200, 30.5],
    ] as const) {
      made.push(
        await api<CalculationRecord>(base, editor, 'POST', '/api/calculations', {
          template_id: LABELS.id,
          title,
          inputs: { title, quantity, area_cm2: area },
        }),
      );
    }
    ({ page } = await signedInPage(app.browser, base, 'admin@kontor.example'));
  });

  it('renames a field in the form editor, and its references follow in one step', async () => {
    await page.goto(`${base}/templates/${LABELS.id}`);
    await page.getByTestId('form-editor').waitFor();

    // Rename: the name takes effect on leaving the input, and the references follow at once.
    await page.getByTestId('te-field-0-1-name').fill('copies');
    await page.getByTestId('te-field-0-1-name').press('Enter');
    await page.getByText('„quantity“ heißt jetzt „copies“; 4 Verweise angepasst').waitFor();
  });

  it('asks before deleting a field in use, naming its formula and counting the calculations with a value', async () => {
    await page.getByTestId('te-field-0-2-remove').click();
    const removal = page.getByRole('dialog', { name: 'Feld „area_cm2“ löschen?' });
    await removal.getByTestId('removal-uses').getByText('der Formel von Ergebnis „paper_kg“').waitFor();
    await removal.getByText('„Fläche“ (area_cm2) entfällt: 2 Kalkulationen haben einen Wert dafür').waitFor();
    await screenshot(page, 'issue34-delete-field-in-use');
    await removal.getByRole('button', { name: 'Abbrechen' }).click();
    await removal.waitFor({ state: 'hidden' });
    await page.getByTestId('te-field-0-2-name').waitFor();
    expect(await page.getByTestId('te-field-0-2-name').inputValue()).toBe('area_cm2');
  });

  it('names what publishing reaches, with links, before anything is written', async () => {
    await page.getByTestId('template-publish').click();
    const publish = page.getByRole('dialog', { name: 'Version veröffentlichen?' });
    await publish.getByTestId('impact-calculations').getByText('2 Kalkulationen betroffen').waitFor();
    await publish
      .getByText(
        '„Auflage“ heißt jetzt copies (bisher quantity): die Migration übernimmt die Werte von 2 Kalkulationen',
      )
      .waitFor();
    const link = publish.getByTestId('impact-by-template').getByRole('link', { name: 'Etiketten' });
    expect(await link.getAttribute('href')).toBe(
      `/calculations?filter=${encodeURIComponent(JSON.stringify({ template_id: LABELS.id }))}`,
    );
    await screenshot(page, 'issue34-publish-impact');
    await publish.getByRole('button', { name: 'Veröffentlichen' }).click();
    await publish.waitFor({ state: 'hidden' });
  });

  it('publishes version 2 naming the field anew everywhere: condition, formula, list column, import alias', async () => {
    await expect
      .poll(async () =>
        (await api<TemplateVersionRecord[]>(base, provider, 'GET', `/api/templates/${LABELS.id}/versions`)).map(
          (v) => `${v.version} ${v.status}`,
        ),
      )
      .toEqual(['2 published', '1 published']);
    const [v2] = await api<TemplateVersionRecord[]>(base, provider, 'GET', `/api/templates/${LABELS.id}/versions`);
    const defined = v2!.definition;
    expect(defined.groups[0]!.fields[1]).toMatchObject({ name: 'copies', formerNames: ['quantity'] });
    expect(defined.groups[0]!.fields[3]!.visibleIf).toBe('copies > 10000');
    expect(defined.results[0]!.formula).toBe('copies * area_cm2 / 10000 * 0.08');
    expect(defined.list.columns).toEqual(['title', 'copies', 'total_co2e']);
    expect(defined.import?.aliases).toEqual({ Auflage: 'copies' });
  });

  it('migrates the mandant’s calculations to version 2 with their figures, values carried to the new name', async () => {
    const mandantAdmin = await apiToken(base, 'admin@muster.example');
    const migration = await api<FactorMigrationRecord>(base, mandantAdmin, 'POST', '/api/migrations', {
      kind: 'template',
      template_id: LABELS.id,
      to_template_version: 2,
    });
    expect(migration.summary).toMatchObject({ count: 2, excluded: 0 });
    await api(base, mandantAdmin, 'POST', `/api/migrations/${migration.id}/apply`, {});
    for (const before of made) {
      const after = await api<CalculationRecord>(base, mandantAdmin, 'GET', `/api/calculations/${before.id}`);
      expect(after.template_version).toBe(2);
      expect(after.total_co2e).toBe(before.total_co2e);
      expect(after.inputs).toMatchObject({ copies: before.inputs.quantity, area_cm2: before.inputs.area_cm2 });
      expect(after.inputs).not.toHaveProperty('quantity');
    }
  });
});
