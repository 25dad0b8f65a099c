/**
 * The template editor in Chromium: a provider admin builds a new template "Envelope" from scratch
 * in the form editor (a repeatable group of parts and a formula summing them), checks it in the
 * live preview and publishes it; an editor of a mandant then creates a calculation with it and
 * sees the right total, which the server stored too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatResult } from '../../src/client/template-forms/resultFormat';
import type { CalculationRecord } from '../../src/core/api';
import { browserAvailable, screenshot, signedInPage, stepsInOrder, useRunningApp } from './harness';

const LANGS = ['de', 'en', 'fr', 'it', 'es'] as const;

async function fillLabels(page: Page, testId: string, labels: Record<(typeof LANGS)[number], string>) {
  for (const lang of LANGS) await page.getByTestId(`${testId}-${lang}`).fill(labels[lang]);
}

const same = (text: string) => ({ de: text, en: text, fr: text, it: text, es: text });

describe.runIf(browserAvailable())('the template editor in Chromium', () => {
  const app = useRunningApp();
  stepsInOrder();
  let page: Page;
  let json = '';

  beforeAll(async () => {
    ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'admin@kontor.example'));
  });

  it('starts "Envelope" in the form editor, reached from the menu: id, labels and icon', async () => {
    // The menu leads provider admins to the Templates screen.
    await page.goto(`${app.server.baseUrl}/`);
    await page.locator('a[href="/templates"]').click();
    await page.getByTestId('template-row-brochure').waitFor();
    await page.getByTestId('template-new').click();
    await page.getByTestId('form-editor').waitFor();

    // The skeleton starts with a general group (title, quantity) and one result.
    await page.getByTestId('te-id').fill('envelope');
    await fillLabels(page, 'te-label', { de: 'Kuvert', en: 'Envelope', fr: 'Enveloppe', it: 'Busta', es: 'Sobre' });
    await page.getByTestId('te-icon').click();
    await page.getByTestId('te-icon-option-Email').click();
  });

  it('adds a repeatable group of parts whose field carries its rules as structured entries', async () => {
    // A repeatable group "parts" with one field: the weight of a part in grams.
    await page.getByTestId('te-add-repeatable-group').click();
    await page.getByTestId('te-group-1').waitFor();
    await page.getByTestId('te-group-1-id').fill('parts');
    await fillLabels(page, 'te-group-1-label', { de: 'Teile', en: 'Parts', fr: 'Pièces', it: 'Parti', es: 'Piezas' });
    await page.getByTestId('te-field-1-0-name').fill('weight_g');
    await page.getByTestId('te-field-1-0-unit').fill('g');
    // Rules as structured entries (issue #20): a new field comes with "required"; add "min" with its one value.
    await expect.poll(() => page.getByTestId('te-field-1-0-rule-0-name').inputValue()).toBe('required');
    await page.getByTestId('te-field-1-0-add-rule').click();
    await page.getByTestId('te-field-1-0-rule-1-name').selectOption('min');
    await page.getByTestId('te-field-1-0-rule-1-arg-0').fill('0');
    await fillLabels(page, 'te-field-1-0-label', {
      de: 'Gewicht',
      en: 'Weight',
      fr: 'Poids',
      it: 'Peso',
      es: 'Peso',
    });
  });

  it('sums the parts in the formula, and the template is valid', async () => {
    // The formula: paper weight of all parts times the quantity, 2 kg CO2e per kg.
    await page.getByTestId('te-result-0-formula').fill('quantity * sum(parts, weight_g) / 1000 * 2');
    await fillLabels(page, 'te-result-0-label', same('CO2e'));

    await page.getByTestId('template-valid').waitFor();
    await page.getByRole('heading', { name: 'Kuvert', level: 1 }).waitFor();
  });

  it('computes in the live preview', async () => {
    // The preview is fillable: add a part and watch the result panel compute.
    await page.getByTestId('template-preview').getByRole('button', { name: 'Teile hinzufügen' }).click();
    await page.getByTestId('template-preview').locator('[data-field="weight_g"] input').first().fill('5');
    await expect
      .poll(() => page.getByTestId('template-preview').getByTestId('result-total-value').textContent())
      .toBe(formatResult(10, 'de'));
  });

  it('shows the same document in the JSON editor, with a fault on its line as soon as one is typed', async () => {
    // (CodeMirror, its own chunk, renders only the lines in view: the document is read as a user
    // would take it, by copying all of it.)
    await page.getByTestId('tab-json').click();
    const input = page.getByTestId('json-editor-input');
    await input.waitFor();
    const documentText = async () => {
      await page.evaluate(() => {
        document.addEventListener(
          'copy',
          (event) => {
            (window as { copied?: string }).copied = event.clipboardData?.getData('text/plain');
          },
          { once: true },
        );
      });
      await input.focus();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Control+c');
      await page.keyboard.press('Control+Home');
      return page.evaluate(() => (window as { copied?: string }).copied ?? '');
    };
    json = await documentText();
    expect(JSON.parse(json)).toMatchObject({
      id: 'envelope',
      groups: [{ id: 'general' }, { id: 'parts', repeatable: true }],
    });
    // A key typed after `{` (CodeMirror closes its quote); an unknown one is marked on its line.
    await input.focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"colo');
    await page.keyboard.type('ur": 1,');
    expect((await documentText()).split('\n')[1]).toBe('  "colour": 1,');
    // The summary names the place in words and the line (issue #34): an unknown key of the template's head.
    await page.getByTestId('template-faults').getByText('Vorlage (Zeile 2)').waitFor();
    await page.getByTestId('json-editor').locator('.cm-lintRange-error', { hasText: 'colour' }).waitFor();
    await screenshot(page, 'template-editor-json');
    for (let undo = 0; undo < 5 && (await documentText()) !== json; undo++) await page.keyboard.press('Control+z');
    expect(await documentText()).toBe(json);
    await page.getByTestId('template-valid').waitFor();
    await page.getByTestId('tab-form').click();
  });

  it('publishes it, asking first', async () => {
    await page.getByTestId('template-publish').click();
    // Publishing asks first (issue #34).
    await page.getByTestId('impact-confirm').click();
    await page.waitForURL(/\/templates\/envelope\?version=1$/);
    await expect.poll(() => page.getByTestId('editor-status').textContent()).toBe('Veröffentlicht');
    await page.getByTestId('template-preview').waitFor();
    await page.getByTestId('template-versions').waitFor();
    await screenshot(page, 'template-editor-published');

    await page.goto(`${app.server.baseUrl}/templates`);
    await page.getByTestId('template-row-envelope').waitFor();
  });

  it('lets a mandant editor compute with it, and the server stores the same total', async () => {
    const { page: editor } = await signedInPage(app.browser, app.server.baseUrl, 'editor@muster.example');
    await editor.goto(`${app.server.baseUrl}/new/envelope`);
    await editor.getByRole('heading', { name: 'Kuvert', level: 1 }).waitFor();
    await editor.locator('[data-field="title"] input').first().fill('Mailing Herbst');
    await editor.locator('[data-field="quantity"] input').first().fill('2.000');
    const add = editor.getByRole('button', { name: 'Teile hinzufügen' });
    const weights = editor.locator('[data-field="weight_g"] input');
    await add.click();
    await weights.nth(0).fill('4');
    await add.click();
    await weights.nth(1).fill('1,5');
    // 2000 × (4 g + 1.5 g) = 11 kg, × 2 = 22 kg CO2e
    const expected = formatResult(22, 'de');
    await expect.poll(() => editor.getByTestId('result-total-value').textContent()).toBe(expected);
    await screenshot(editor, 'template-editor-calculation');

    const saved = editor.waitForResponse(
      (res) => res.url().endsWith('/api/calculations') && res.request().method() === 'POST',
    );
    await editor.getByRole('button', { name: 'Speichern' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    const record = (await response.json()) as CalculationRecord;
    expect(record).toMatchObject({ template_id: 'envelope', template_version: 1, total_co2e: 22 });
    await editor.waitForURL(/\/edit\/\d+$/);
    await editor.getByTestId('result-stored-total').waitFor();
    expect(await editor.getByTestId('result-stored-total').textContent()).toContain(`${expected} kg CO₂e`);
  });
});
