/**
 * The form editor's parts for the whole template format (issue #20): option data, optional texts, show/hide
 * conditions by picking, list columns and filters, import aliases, repeatable groups with minimum and maximum, and
 * formulas with completion and the preview's value. Each test builds in the form only and reads what is saved.
 * This file: optional texts and show/hide conditions.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { change, click, fillTexts, openNew, rename, texts } from '../templateAuthoring';
import { slowdown } from '../../support/load';

describe('template form editor: the whole format without JSON', () => {
  it(
    'adds and removes help, placeholder and description texts',
    async () => {
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
    },
    400_000 * slowdown(),
  );

  it(
    'builds a show/hide condition by picking field, operator and value',
    async () => {
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
    },
    400_000 * slowdown(),
  );
});
