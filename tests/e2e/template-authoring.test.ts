/**
 * Issue #20, "a provider admin adds a product type alone, without writing JSON": in Chromium the provider admin adds a
 * factor of a new category ("label_face") to a new factor database, publishes it and rolls it out to all mandants,
 * then builds "Etiketten" in the form editor only — a select whose options carry data a formula reads, a show/hide
 * condition, a `between` rule, a repeatable group with minimum and maximum, a factor field of the new category, list
 * filters and import aliases, a formula completed from the template's names — and publishes it; a German editor of a
 * mandant then fills the form and saves it (the server's figure is the hand-computed one), and imports a CSV with two
 * transport legs per row that land as two items.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatResult } from '../../src/client/template-forms/resultFormat';
import type { CalculationRecord } from '../../src/core/api';
import type { Template } from '../../src/core/template';
import { apiToken, browserAvailable, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';

// Values are keys ("film", "label_face_paper"), numbers German; two numbered column sets fill two transport items.
const CSV = [
  'Titel;Stückzahl;Trägermaterial;Etikettenpapier;Transport 1: Entfernung;Transport 2: Entfernung',
  'E2E Etiketten Import;2.000;film;label_face_paper;50;200',
  '',
].join('\r\n');

const LANGS = ['de', 'en', 'fr', 'it', 'es'] as const;
type Texts = Record<(typeof LANGS)[number], string>;

async function fillLabels(page: Page, testId: string, labels: Texts) {
  for (const lang of LANGS) await page.getByTestId(`${testId}-${lang}`).fill(labels[lang]);
}

/** The factor dialog's label inputs, one per interface language. */
async function fillFactorLabels(page: Page, labels: Texts) {
  for (const lang of LANGS) await page.getByRole('dialog').locator(`input[name="label.${lang}"]`).fill(labels[lang]);
}

const same = (text: string): Texts => ({ de: text, en: text, fr: text, it: text, es: text });

describe.runIf(browserAvailable())('template authoring without JSON (issue #20)', () => {
  const app = useRunningApp();
  stepsInOrder();
  let admin: Page;
  let editor: Page;

  beforeAll(async () => {
    ({ page: admin } = await signedInPage(app.browser, app.server.baseUrl, 'admin@kontor.example'));
    ({ page: editor } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example'));
  });

  it('rolls out a new factor category: a factor database with a factor of it, published and rolled out to all mandants', async () => {
    const page = admin;
    // A new factor database, a copy of the current one, with a factor of a new category; published and rolled out.
    await page.goto(`${app.server.baseUrl}/databases/create`);
    await page.locator('input[name="name"]').fill('E2E Etiketten-Faktoren');
    await page.locator('input[name="version_label"]').fill('2025-e2e');
    await page.getByRole('combobox', { name: /Kopie von/ }).click();
    await page.getByRole('option', { name: /Demo-Faktoren 2025/ }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/databases\/\d+$/);
    await page.getByTestId('factor-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="key"]').fill('label_face_paper');
    await dialog.locator('input[name="category"]').fill('label_face');
    await dialog.locator('input[name="unit"]').fill('kg');
    await dialog.locator('input[name="value"]').fill('2');
    await dialog.locator('textarea[name="source"]').first().fill('E2E: Etikettenpapier je kg');
    await fillFactorLabels(page, {
      de: 'Etikettenpapier',
      en: 'Label paper',
      fr: 'Papier pour étiquettes',
      it: 'Carta per etichette',
      es: 'Papel para etiquetas',
    });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByTestId('factor-label_face_paper').waitFor();
    await page.getByRole('button', { name: 'Veröffentlichen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByTestId('roll-out').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByTestId('rolled-out').waitFor();
  });

  it('starts "Etiketten" in the form editor: id, labels, description, and a `between` rule with its two values', async () => {
    const page = admin;
    await page.goto(`${app.server.baseUrl}/templates`);
    await page.getByTestId('template-new').click();
    await page.getByTestId('form-editor').waitFor();

    await page.getByTestId('te-id').fill('labels');
    await fillLabels(page, 'te-label', {
      de: 'Etiketten',
      en: 'Labels',
      fr: 'Étiquettes',
      it: 'Etichette',
      es: 'Etiquetas',
    });
    await page.getByTestId('te-add-description').click();
    await fillLabels(page, 'te-description', {
      de: 'Selbstklebende Etiketten',
      en: 'Self-adhesive labels',
      fr: 'Étiquettes adhésives',
      it: 'Etichette adesive',
      es: 'Etiquetas adhesivas',
    });

    // Quantity: a `between` rule with its two values in their own inputs.
    await page.getByTestId('te-field-0-1-add-rule').click();
    const between = (await page.getByTestId('te-field-0-1-rules').locator('select').count()) - 1;
    await page.getByTestId(`te-field-0-1-rule-${between}-name`).selectOption('between');
    await page.getByTestId(`te-field-0-1-rule-${between}-arg-0`).fill('1');
    await page.getByTestId(`te-field-0-1-rule-${between}-arg-1`).fill('100000000');
  });

  it('adds a select whose options carry the weight a formula reads, each with its source', async () => {
    const page = admin;
    // A select "material" whose options carry the label's weight in kg per 1000 pieces.
    await page.getByTestId('te-group-0-add-field').click();
    await page.getByTestId('te-field-0-2-name').fill('material');
    await page.getByTestId('te-field-0-2-type').selectOption('select');
    await fillLabels(page, 'te-field-0-2-label', {
      de: 'Material',
      en: 'Material',
      fr: 'Matériau',
      it: 'Materiale',
      es: 'Material',
    });
    await page.getByTestId('te-field-0-2-add-help').click();
    await fillLabels(page, 'te-field-0-2-help', {
      de: 'Träger des Etiketts',
      en: 'The label’s face stock',
      fr: 'Support de l’étiquette',
      it: 'Supporto dell’etichetta',
      es: 'Soporte de la etiqueta',
    });
    const options: [string, Texts, string][] = [
      ['paper', { de: 'Papier', en: 'Paper', fr: 'Papier', it: 'Carta', es: 'Papel' }, '2'],
      ['film', { de: 'Folie', en: 'Film', fr: 'Film', it: 'Pellicola', es: 'Película' }, '3,5'],
    ];
    for (const [index, [value, label, weight]] of options.entries()) {
      await page.getByTestId('te-field-0-2-add-option').click();
      await page.getByTestId(`te-field-0-2-option-${index}-value`).fill(value);
      await fillLabels(page, `te-field-0-2-option-${index}-label`, label);
      await page.getByTestId(`te-field-0-2-option-${index}-add-data`).click();
      if (index === 0) await page.getByTestId('te-field-0-2-option-0-data-0-key').fill('kg_per_1000');
      await page.getByTestId(`te-field-0-2-option-${index}-data-0-value`).fill(weight);
      // A number a formula reads needs its source (issue #21: no unsourced number).
      await page
        .getByTestId(`te-field-0-2-option-${index}-data-0-source`)
        .fill('Datenblatt des Etikettenmaterials, Flächengewicht je 1.000 Etiketten');
    }
  });

  it('adds a yes/no field shown only for paper, and a factor field of the new category', async () => {
    const page = admin;
    // A yes/no field "varnish", shown only for paper.
    await page.getByTestId('te-group-0-add-field').click();
    await page.getByTestId('te-field-0-3-name').fill('varnish');
    await page.getByTestId('te-field-0-3-type').selectOption('boolean');
    await fillLabels(page, 'te-field-0-3-label', {
      de: 'Lackiert',
      en: 'Varnished',
      fr: 'Vernie',
      it: 'Verniciata',
      es: 'Barnizada',
    });
    await page.getByTestId('te-field-0-3-rule-0-remove').click();
    await page.getByTestId('te-field-0-3-add-clause').click();
    await page.getByTestId('te-field-0-3-clause-0-field').selectOption('material');
    await expect.poll(() => page.getByTestId('te-field-0-3-clause-0-value').inputValue()).toBe('paper');

    // The label's face paper, a factor of the category the provider admin has just rolled out, picked by its key.
    await page.getByTestId('te-group-0-add-field').click();
    await page.getByTestId('te-field-0-4-name').fill('face');
    await page.getByTestId('te-field-0-4-type').selectOption('factor');
    await fillLabels(page, 'te-field-0-4-label', {
      de: 'Etikettenpapier',
      en: 'Label paper',
      fr: 'Papier pour étiquettes',
      it: 'Carta per etichette',
      es: 'Papel para etiquetas',
    });
    await page.getByTestId('te-field-0-4-category').click();
    await page.getByTestId('te-field-0-4-category-option-label_face').click();
  });

  it('adds a repeatable group of transport legs, at least 1 and at most 3', async () => {
    const page = admin;
    // A repeatable group of transport legs: at least 1, at most 3.
    await page.getByTestId('te-add-repeatable-group').click();
    await page.getByTestId('te-group-1-id').fill('transport');
    await fillLabels(page, 'te-group-1-label', same('Transport'));
    await page.getByTestId('te-group-1-min').fill('1');
    await page.getByTestId('te-group-1-max').fill('3');
    await page.getByTestId('te-field-1-0-name').fill('distance_km');
    await fillLabels(page, 'te-field-1-0-label', {
      de: 'Entfernung',
      en: 'Distance',
      fr: 'Distance',
      it: 'Distanza',
      es: 'Distancia',
    });
  });

  it('completes the formula from the template’s names, and picks list filters and import aliases', async () => {
    const page = admin;
    // The formula, its first name completed: the face paper's factor per kg of labels, 0.1 kg CO2e per km.
    const formula = page.getByTestId('te-result-0-formula');
    await formula.fill('');
    await formula.pressSequentially('quan');
    await page.getByTestId('te-result-0-suggestion-quantity').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => formula.inputValue()).toBe('quantity');
    await formula.fill(
      'quantity / 1000 * option(material).kg_per_1000 * factor(face) + sum(transport, distance_km) * 0.1',
    );
    await fillLabels(page, 'te-result-0-label', same('CO2e'));

    // List filters and import aliases, picked.
    await page.getByTestId('te-list-filters').click();
    await page.getByTestId('te-list-filters-option-material').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('te-add-alias').click();
    await page.getByTestId('te-alias-0-header').fill('Stückzahl');
    await page.getByTestId('te-alias-0-field').selectOption('quantity');
    await page.getByTestId('te-add-alias').click();
    await page.getByTestId('te-alias-1-header').fill('Trägermaterial');
    await page.getByTestId('te-alias-1-field').selectOption('material');
  });

  it('publishes it, asking first', async () => {
    const page = admin;
    await page.getByTestId('template-valid').waitFor();
    await page.getByRole('heading', { name: 'Etiketten', level: 1 }).waitFor();
    await screenshot(page, 'template-authoring-form');
    await page.getByTestId('template-publish').click();
    // Publishing asks first (issue #34).
    await page.getByTestId('impact-confirm').click();
    await page.waitForURL(/\/templates\/labels\?version=1$/);
    await expect.poll(() => page.getByTestId('editor-status').textContent()).toBe('Veröffentlicht');
  });

  it('has published what the form built, nothing typed as JSON', async () => {
    // What was published is what the form built, nothing typed as JSON: the template as the editor reads it.
    const response = await fetch(`${app.server.baseUrl}/api/templates/labels`, {
      headers: { Authorization: `Bearer ${await apiToken(app.server.baseUrl, 'editor@muster.example')}` },
    });
    const template = ((await response.json()) as { definition: Template }).definition;
    const fields = template.groups[0]!.fields;
    expect(fields.find((f) => f.name === 'quantity')!.rules).toContain('between:1,100000000');
    expect(fields.find((f) => f.name === 'material')!.options!.map((o) => o.data)).toEqual([
      { kg_per_1000: 2 },
      { kg_per_1000: 3.5 },
    ]);
    expect(fields.find((f) => f.name === 'varnish')!.visibleIf).toBe("material == 'paper'");
    expect(fields.find((f) => f.name === 'face')).toMatchObject({ type: 'factor', category: 'label_face' });
    expect(template.groups[1]).toMatchObject({ id: 'transport', repeatable: true, min: 1, max: 3 });
    expect(template.list.filters).toEqual(['material']);
    expect(template.import).toEqual({ aliases: { Stückzahl: 'quantity', Trägermaterial: 'material' } });
  });

  it('lets a German editor fill the form: the condition shows and hides, the total is the hand-computed one', async () => {
    const page = editor;
    await page.goto(`${app.server.baseUrl}/new/labels`);
    await page.getByRole('heading', { name: 'Etiketten', level: 1 }).waitFor();
    await page.getByText('Träger des Etiketts').waitFor();
    await page.locator('[data-field="title"] input').first().fill('Etiketten Hofladen');
    await page.locator('[data-field="quantity"] input').first().fill('5.000');
    expect(await page.locator('[data-field="varnish"]').count()).toBe(0);
    await page.locator('[data-field="material"] [role="combobox"]').click();
    await page.getByRole('option', { name: 'Folie' }).click();
    expect(await page.locator('[data-field="varnish"]').count()).toBe(0);
    await page.locator('[data-field="material"] [role="combobox"]').click();
    await page.getByRole('option', { name: 'Papier' }).click();
    await page.locator('[data-field="varnish"]').waitFor();
    await page.locator('[data-field="face"] [role="combobox"]').click();
    await page.getByRole('option', { name: /Etikettenpapier/ }).click();
    const distances = page.locator('[data-field="distance_km"] input');
    if ((await distances.count()) === 0) await page.getByRole('button', { name: 'Transport hinzufügen' }).click();
    await distances.first().fill('120');
    // 5000 / 1000 × 2 kg × 2 kg CO2e/kg (the rolled-out factor) = 20, + 120 km × 0.1 = 12: 32 kg CO2e
    const expected = formatResult(32, 'de');
    await expect.poll(() => page.getByTestId('result-total-value').textContent()).toBe(expected);
    await screenshot(page, 'template-authoring-calculation');
  });

  it('stores the hand-computed figure on saving', async () => {
    const page = editor;
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/calculations') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    const record = (await response.json()) as CalculationRecord;
    expect(record).toMatchObject({ template_id: 'labels', template_version: 1, total_co2e: 32 });
  });

  it('imports a CSV with two transport legs per row as two items of one calculation', async () => {
    const page = editor;
    // The CSV import: one row, two transport legs, which land as two items of one calculation.
    await page.goto(`${app.server.baseUrl}/importer`);
    await page.getByTestId('importer-template').click();
    await page.getByRole('option', { name: 'Etiketten' }).click();
    await page
      .getByTestId('importer-file')
      .setInputFiles({ name: 'etiketten.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
    await page.getByTestId('importer-preview').waitFor();
    await screenshot(page, 'template-authoring-import-mapping');
    await page.getByTestId('importer-import').click();
    const report = page.getByTestId('importer-report');
    await expect.poll(() => report.textContent()).toContain('1 von 1 Zeilen importiert, 0 fehlerhaft.');
    const imported = await page.evaluate(async () => {
      const session = JSON.parse(window.localStorage.getItem('kontor.session') ?? '{}') as { token: string };
      const filter = encodeURIComponent(JSON.stringify({ q: 'E2E Etiketten Import' }));
      const headers = { Authorization: `Bearer ${session.token}` };
      const found = (await (await fetch(`/api/calculations?filter=${filter}`, { headers })).json()) as {
        id: number;
      }[];
      return Promise.all(
        found.map(
          async ({ id }) => (await (await fetch(`/api/calculations/${id}`, { headers })).json()) as CalculationRecord,
        ),
      );
    });
    expect(imported).toHaveLength(1);
    // 2000 / 1000 × 3.5 kg × 2 kg CO2e/kg = 14, + (50 + 200) km × 0.1 = 25: 39 kg CO2e
    expect(imported[0]).toMatchObject({ template_id: 'labels', total_co2e: 39 });
    expect((imported[0]!.inputs as { transport: unknown[] }).transport).toEqual([
      { distance_km: 50 },
      { distance_km: 200 },
    ]);
  });
});
