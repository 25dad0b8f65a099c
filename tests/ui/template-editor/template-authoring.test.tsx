/**
 * The form editor's parts for the whole template format (issue #20): option data, optional texts, show/hide
 * conditions by picking, list columns and filters, import aliases, repeatable groups with minimum and maximum, and
 * formulas with completion and the preview's value. Each test builds in the form only and reads what is saved.
 * This file: option data and defaults.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { change, click, openNew, rename } from '../templateAuthoring';
import { slowdown } from '../../support/load';

describe('template form editor: the whole format without JSON', () => {
  it(
    'gives a choice field options with typed data',
    async () => {
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
    },
    400_000 * slowdown(),
  );

  it(
    'picks a default as the field type takes it: one of the options, yes or no, a factor key of the category',
    async () => {
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
    },
    400_000 * slowdown(),
  );

  it(
    'gives a number of option data its source, kept when the key is renamed and dropped with the entry',
    async () => {
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
    },
    400_000 * slowdown(),
  );
});
