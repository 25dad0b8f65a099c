/**
 * The form editor's parts for the whole template format (issue #20): option data, optional texts, show/hide
 * conditions by picking, list columns and filters, import aliases, repeatable groups with minimum and maximum, and
 * formulas with completion and the preview's value. Each test builds in the form only and reads what is saved.
 * This file: condition values, list columns, filters, import aliases, repeatable groups and formulas.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { change, click, openNew, rename } from '../templateAuthoring';
import { slowdown } from '../../support/load';

describe('template form editor: the whole format without JSON', () => {
  it(
    'offers a select\u2019s options as condition values and keeps a nested condition as its expression',
    async () => {
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
    },
    400_000 * slowdown(),
  );

  it(
    'picks list columns and filters, sets import aliases and a repeatable group\u2019s minimum and maximum',
    async () => {
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
    },
    400_000 * slowdown(),
  );

  it(
    'drops min and max with "repeatable", and the import key with its last alias',
    async () => {
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
    },
    400_000 * slowdown(),
  );

  it(
    'completes field names, functions and factor keys of the chosen category in a formula, and shows its preview value',
    async () => {
      const { user, save } = await openNew();
      // The skeleton: quantity 1000 (default) × 0.01 = 10 kg CO2e with the preview's test values.
      await waitFor(() =>
        expect(screen.getByTestId('te-result-0-preview-value')).toHaveTextContent(
          "With the preview's test values: 10 kg CO₂e",
        ),
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
    },
    400_000 * slowdown(),
  );
});
