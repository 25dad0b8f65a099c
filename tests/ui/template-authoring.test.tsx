/**
 * The form editor's parts for the whole template format (issue #20): option data, optional texts, show/hide
 * conditions by picking, list columns and filters, import aliases, repeatable groups with minimum and maximum, and
 * formulas with completion and the preview's value. Each test builds in the form only and reads what is saved.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/core/api';
import type { Template } from '../../src/core/template';
import { providerAdmin as provider, spy, store } from './mockServer';
import { renderApp } from './renderApp';

/** The provider admin, reading English. */
const providerAdmin: SessionUser = { ...provider, language: 'en' };

const factor = (id: number, key: string, category: string) => ({
  id,
  database_id: 1,
  key,
  category,
  unit: 'kg',
  value: 1.2,
  source: 'test',
  year: 2024,
  region: 'DE',
  demo: true,
  data_type: 'secondary',
  technology: 'average',
  declaration_kind: null,
  biogenic_co2: null,
  delivery_included: null,
  label: { de: key, en: `Label ${key}`, fr: key, it: key, es: key },
});

function serve(): { definition: Template }[] {
  const factors = store.table('factors');
  for (const row of [
    factor(1, 'paper_coated', 'paper'),
    factor(2, 'paper_recycled', 'paper'),
    factor(3, 'truck', 'transport'),
  ])
    factors.set(String(row.id), row);
  // No templates, databases or load errors: the shared handlers' empty store answers those, and the saved draft.
  store.setAnswer(providerAdmin, '/api/factor-categories', [
    { key: 'paper', factor_count: 2, factor_keys: ['paper_coated', 'paper_recycled'], label: null },
  ]);
  const sent = spy('post', '/templates');
  return sent.bodies as { definition: Template }[];
}

async function openNew() {
  const posts = serve();
  const rendered = renderApp('/templates/new', { signedInAs: providerAdmin });
  await screen.findByTestId('form-editor', {}, { timeout: 90_000 });
  const save = async () => {
    fireEvent.click(screen.getByTestId('template-save-draft'));
    await waitFor(() => expect(posts).toHaveLength(1));
    return posts[0]!.definition;
  };
  return { ...rendered, save };
}

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** A field's name takes effect when the input is left (issue #34: the references follow in one step). */
const rename = (testId: string, value: string) => {
  change(testId, value);
  fireEvent.blur(screen.getByTestId(testId));
};
const fillTexts = (testId: string, text: string) => {
  for (const lang of ['de', 'en', 'fr', 'it', 'es']) change(`${testId}-${lang}`, `${text} ${lang}`);
};
const texts = (text: string) => ({
  de: `${text} de`,
  en: `${text} en`,
  fr: `${text} fr`,
  it: `${text} it`,
  es: `${text} es`,
});

describe('template form editor: the whole format without JSON', () => {
  it('gives a choice field options with typed data', async () => {
    const { save } = await openNew();
    change('te-field-0-1-type', 'select');
    click('te-field-0-1-add-option');
    click('te-field-0-1-add-option');
    change('te-field-0-1-option-0-value', 'matt');
    change('te-field-0-1-option-1-value', 'gloss');
    // Data of the first option: a number typed with a decimal comma and a yes/no value.
    click('te-field-0-1-option-0-add-data');
    change('te-field-0-1-option-0-data-0-key', 'weight');
    change('te-field-0-1-option-0-data-0-value', '0,');
    change('te-field-0-1-option-0-data-0-value', '0,5');
    expect(screen.getByTestId('te-field-0-1-option-0-data-0-value')).toHaveValue('0,5');
    click('te-field-0-1-option-0-add-data');
    change('te-field-0-1-option-0-data-1-key', 'coated');
    change('te-field-0-1-option-0-data-1-kind', 'boolean');
    change('te-field-0-1-option-0-data-1-value', 'true');
    // The second option's first data entry takes the key the others carry.
    click('te-field-0-1-option-1-add-data');
    expect(screen.getByTestId('te-field-0-1-option-1-data-0-key')).toHaveValue('weight');
    change('te-field-0-1-option-1-data-0-value', '2');

    const definition = await save();
    expect(definition.groups[0]!.fields[1]!.options).toEqual([
      { value: 'matt', label: expect.any(Object), data: { weight: 0.5, coated: true } },
      { value: 'gloss', label: expect.any(Object), data: { weight: 2 } },
    ]);
  }, 400_000);

  it('picks a default as the field type takes it: one of the options, yes or no, a factor key of the category', async () => {
    const { user, save } = await openNew();
    expect(screen.getByTestId('te-field-0-1-default')).toHaveValue('1000');
    click('te-group-0-add-field');
    rename('te-field-0-2-name', 'finish');
    change('te-field-0-2-type', 'select');
    click('te-field-0-2-add-option');
    click('te-field-0-2-add-option');
    change('te-field-0-2-option-0-value', 'matt');
    change('te-field-0-2-option-1-value', 'gloss');
    change('te-field-0-2-default', 'gloss');
    click('te-group-0-add-field');
    rename('te-field-0-3-name', 'varnish');
    change('te-field-0-3-type', 'boolean');
    expect(
      within(screen.getByTestId('te-field-0-3-default'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['no default', 'Yes', 'No']);
    change('te-field-0-3-default', 'true');
    click('te-group-0-add-field');
    rename('te-field-0-4-name', 'stock');
    change('te-field-0-4-type', 'factor');
    await user.click(screen.getByTestId('te-field-0-4-category'));
    await user.click(await screen.findByTestId('te-field-0-4-category-option-paper'));
    await within(screen.getByTestId('te-field-0-4-default')).findByRole('option', {
      name: 'Label paper_recycled (paper_recycled)',
    });
    change('te-field-0-4-default', 'paper_recycled');

    const fields = (await save()).groups[0]!.fields;
    expect(fields[2]).toMatchObject({ name: 'finish', default: 'gloss' });
    expect(fields[3]).toMatchObject({ name: 'varnish', default: true });
    expect(fields[4]).toMatchObject({ name: 'stock', category: 'paper', default: 'paper_recycled' });
  }, 400_000);

  it('gives a number of option data its source, kept when the key is renamed and dropped with the entry', async () => {
    const { save } = await openNew();
    change('te-field-0-1-type', 'select');
    click('te-field-0-1-add-option');
    change('te-field-0-1-option-0-value', 'a4');
    click('te-field-0-1-option-0-add-data');
    change('te-field-0-1-option-0-data-0-key', 'area');
    change('te-field-0-1-option-0-data-0-value', '0,06237');
    change('te-field-0-1-option-0-data-0-source', 'ISO 216: A4 = 210 × 297 mm');
    change('te-field-0-1-option-0-data-0-key', 'area_m2');
    click('te-field-0-1-option-0-add-data');
    change('te-field-0-1-option-0-data-1-key', 'spare');
    change('te-field-0-1-option-0-data-1-source', 'to be dropped');
    click('te-field-0-1-option-0-data-1-remove');
    // Text data needs no source: no source input is offered for it.
    click('te-field-0-1-option-0-add-data');
    change('te-field-0-1-option-0-data-1-key', 'note');
    change('te-field-0-1-option-0-data-1-kind', 'text');
    expect(screen.queryByTestId('te-field-0-1-option-0-data-1-source')).toBeNull();

    const definition = await save();
    expect(definition.groups[0]!.fields[1]!.options).toEqual([
      {
        value: 'a4',
        label: expect.any(Object),
        data: { area_m2: 0.06237, note: '0' },
        dataSources: { area_m2: 'ISO 216: A4 = 210 × 297 mm' },
      },
    ]);
  }, 400_000);

  it('adds and removes help, placeholder and description texts', async () => {
    const { save } = await openNew();
    click('te-field-0-0-add-help');
    fillTexts('te-field-0-0-help', 'Help');
    click('te-field-0-0-add-placeholder');
    change('te-field-0-0-placeholder-de', 'z. B. Herbst');
    click('te-add-description');
    change('te-description-en', 'About');
    click('te-result-0-add-help');
    click('te-result-0-help-remove');

    const definition = await save();
    const title = definition.groups[0]!.fields[0];
    expect(title).toMatchObject({ help: texts('Help'), placeholder: { de: 'z. B. Herbst', en: '' } });
    expect(definition.description).toEqual({ de: '', en: 'About', fr: '', it: '', es: '' });
    expect(definition.results[0]).not.toHaveProperty('help');
  }, 400_000);

  it('builds a show/hide condition by picking field, operator and value', async () => {
    const { save } = await openNew();
    // A yes/no field beside title and quantity.
    click('te-group-0-add-field');
    rename('te-field-0-2-name', 'has_cover');
    change('te-field-0-2-type', 'boolean');

    // Title shows only when quantity >= 100 and has_cover is yes.
    click('te-field-0-0-add-clause');
    const fieldChoices = within(screen.getByTestId('te-field-0-0-clause-0-field'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(fieldChoices).toEqual(['quantity', 'has_cover']);
    change('te-field-0-0-clause-0-op', '>=');
    change('te-field-0-0-clause-0-value', '100');
    click('te-field-0-0-add-clause');
    change('te-field-0-0-clause-1-field', 'has_cover');
    expect(
      within(screen.getByTestId('te-field-0-0-clause-1-op'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['is yes', 'is no']);
    expect(screen.queryByTestId('te-field-0-0-clause-1-value')).toBeNull();
    change('te-field-0-0-condition-join', '||');
    change('te-field-0-0-condition-join', '&&');

    // Quantity hides when has_cover is no; a second clause removed again.
    click('te-field-0-1-add-clause');
    change('te-field-0-1-clause-0-field', 'has_cover');
    change('te-field-0-1-clause-0-op', 'no');
    click('te-field-0-1-add-clause');
    click('te-field-0-1-clause-1-remove');

    const definition = await save();
    const fields = definition.groups[0]!.fields;
    expect(fields[0]!.visibleIf).toBe('quantity >= 100 && has_cover');
    expect(fields[1]!.visibleIf).toBe('!has_cover');
    expect(fields[2]).not.toHaveProperty('visibleIf');
  }, 400_000);

  it('offers a select\u2019s options as condition values and keeps a nested condition as its expression', async () => {
    const { user } = await openNew();
    change('te-field-0-1-type', 'select');
    click('te-field-0-1-add-option');
    click('te-field-0-1-add-option');
    rename('te-field-0-1-name', 'finish');
    click('te-field-0-0-add-clause');
    expect(
      within(screen.getByTestId('te-field-0-0-clause-0-value'))
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['option', 'option_2']);
    change('te-field-0-0-clause-0-value', 'option_2');
    change('te-field-0-0-clause-0-op', '!=');
    await user.click(screen.getByTestId('tab-json'));
    await user.click(screen.getByTestId('tab-form'));
    expect(screen.getByTestId('te-field-0-0-clause-0-value')).toHaveValue('option_2');
    expect(screen.getByTestId('te-field-0-0-clause-0-op')).toHaveValue('!=');
  }, 400_000);

  it('picks list columns and filters, sets import aliases and a repeatable group\u2019s minimum and maximum', async () => {
    const { user, save } = await openNew();
    click('te-add-repeatable-group');
    change('te-group-1-min', '1');
    change('te-group-1-max', '5');
    click('te-group-0-collapsed');

    await user.click(screen.getByTestId('te-list-filters'));
    await user.click(await screen.findByTestId('te-list-filters-option-quantity'));
    await user.click(screen.getByTestId('te-list-filters'));
    await user.click(await screen.findByTestId('te-list-filters-option-tags'));
    // The column of the repeatable group's field is not offered; quantity is removed from the columns.
    await user.click(screen.getByTestId('te-list-columns'));
    expect(screen.queryByTestId('te-list-columns-option-amount')).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByTestId('te-list-columns-chip-quantity')).getByTestId('CancelIcon'));

    click('te-add-alias');
    change('te-alias-0-header', 'Auflage');
    change('te-alias-0-field', 'quantity');
    click('te-add-alias');
    expect(screen.getByTestId('te-alias-1-header')).toHaveValue('Column');
    change('te-alias-1-header', 'Stückzahl');
    change('te-alias-1-field', 'amount');

    const definition = await save();
    expect(definition.groups[1]).toMatchObject({ repeatable: true, min: 1, max: 5 });
    expect(definition.groups[0]).toMatchObject({ collapsed: true });
    expect(definition.list).toEqual({ columns: ['title', 'total_co2e'], filters: ['quantity', 'tags'] });
    expect(definition.import).toEqual({ aliases: { Auflage: 'quantity', Stückzahl: 'amount' } });
  }, 400_000);

  it('drops min and max with "repeatable", and the import key with its last alias', async () => {
    const { save } = await openNew();
    click('te-add-repeatable-group');
    change('te-group-1-max', '3');
    click('te-group-1-repeatable');
    expect(screen.queryByTestId('te-group-1-max')).toBeNull();
    click('te-add-alias');
    click('te-alias-0-remove');
    const definition = await save();
    expect(definition.groups[1]).not.toHaveProperty('max');
    expect(definition.groups[1]).not.toHaveProperty('repeatable');
    expect(definition).not.toHaveProperty('import');
  }, 400_000);

  it('completes field names, functions and factor keys of the chosen category in a formula, and shows its preview value', async () => {
    const { user, save } = await openNew();
    // The skeleton: quantity 1000 (default) × 0.01 = 10 kg CO2e with the preview's test values.
    await waitFor(
      () =>
        expect(screen.getByTestId('te-result-0-preview-value')).toHaveTextContent(
          "With the preview's test values: 10 kg CO₂e",
        ),
      { timeout: 10_000 },
    );

    const formula = screen.getByTestId('te-result-0-formula') as HTMLInputElement;
    await user.clear(formula);
    await user.type(formula, 'qua');
    expect(
      within(screen.getByTestId('te-result-0-suggestions')).getByTestId('te-result-0-suggestion-quantity'),
    ).toHaveTextContent('field · Quantity');
    await user.keyboard('{Enter}');
    expect(formula).toHaveValue('quantity');
    await user.type(formula, ' * fac');
    expect(screen.getByTestId('te-result-0-suggestion-factor')).toHaveTextContent('factor(factorField)');
    await user.keyboard('{Enter}');
    expect(formula).toHaveValue('quantity * factor(');

    // Factor keys come from the category picked beside the formula.
    await user.click(screen.getByTestId('te-result-0-factor-category'));
    await user.click(await screen.findByTestId('te-result-0-factor-category-option-paper'));
    await user.click(formula);
    await user.keyboard('{End}');
    await user.type(formula, "'rec");
    await user.click(await screen.findByTestId('te-result-0-suggestion-paper_recycled'));
    expect(formula).toHaveValue("quantity * factor('paper_recycled'");
    expect(screen.queryByTestId('te-result-0-suggestions')).toBeNull();
    await user.type(formula, ')');

    const definition = await save();
    expect(definition.results[0]!.formula).toBe("quantity * factor('paper_recycled')");
  }, 400_000);
});
