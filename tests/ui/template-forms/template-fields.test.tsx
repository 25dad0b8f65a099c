/**
 * Every field type of a template as the generated form renders it (the test fixture `sample` uses them all):
 * tags as chips, multiselect, date, textarea, compound and per-item visibleIf, repeatable groups with a maximum,
 * and the number input in English format.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { editor, spy } from '../mockServer';
import { renderApp } from '../renderApp';
import { seedCalculations } from '../calculations.mock';
import { slowdown } from '../../support/load';

/** Typing into a big generated form is slow in jsdom, more so when test files share the 2 cores. */
const SLOW = 60_000 * slowdown();

beforeEach(seedCalculations);

const boxes = (name: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-field="${name}"]`));
const box = (name: string) => boxes(name)[0];
const textbox = (name: string) => within(box(name)).getByRole('textbox');

describe('generated inputs for every field type', () => {
  it(
    'renders each type with its own input and sends their values',
    async () => {
      // The shared handlers answer the save, computing the figures from the store's template and factors.
      const saved = spy('post', '/calculations');
      const { user } = renderApp('/new/sample', { signedInAs: editor });
      // The first render loads the form's chunk (with the date pickers): slow in jsdom on a busy machine.
      expect(
        await screen.findByRole('heading', { name: 'Sample (de)', level: 1 }, { timeout: 30_000 }),
      ).toBeInTheDocument();
      await screen.findByTestId('result-total-value');

      await user.type(textbox('title'), 'Alle Typen');
      // textarea
      expect(box('notes').querySelector('textarea')).not.toBeNull();
      // date: a picker in the interface language (TT.MM.JJJJ), not the browser's mm/dd/yyyy
      await user.click(within(box('delivery_date')).getByRole('spinbutton', { name: 'Tag' }));
      await user.keyboard('01032026');
      expect(box('delivery_date').querySelector('input')).toHaveValue('01.03.2026');
      // multiselect and select offer the template's options
      expect(within(box('features')).getByRole('combobox')).toBeInTheDocument();
      expect(within(box('material')).getByRole('combobox')).toHaveTextContent(/steel/i);

      // tags: Enter and comma add chips; a duplicate is ignored
      const tags = within(box('tags')).getByRole('combobox');
      await user.type(tags, 'messe{Enter}');
      await user.type(tags, 'druck,');
      await user.type(tags, 'messe{Enter}');
      expect(
        within(box('tags'))
          .getAllByRole('button')
          .map((chip) => chip.textContent),
      ).toEqual(expect.arrayContaining(['messe', 'druck']));
      expect(within(box('tags')).getAllByText('messe')).toHaveLength(1);

      // compound condition: quantity >= 1000 && material == 'steel'
      expect(box('bulk_discount')).toBeUndefined();
      await user.clear(textbox('quantity'));
      await user.type(textbox('quantity'), '1.000');
      await waitFor(() => expect(box('bulk_discount')).toBeDefined());
      await user.type(within(box('bulk_discount')).getByRole('textbox'), '12,5');

      // a text rule (pattern) reports in German on input
      await user.type(textbox('code'), 'abc');
      expect(await within(box('code')).findByText('Code (de) ist ungültig.')).toBeInTheDocument();
      await user.clear(textbox('code'));
      await user.type(textbox('code'), 'ABC-12');
      await waitFor(() => expect(within(box('code')).getByRole('textbox')).toHaveAttribute('aria-invalid', 'false'));

      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(saved.bodies).toHaveLength(1));
      const sent = saved.bodies[0];
      const inputs = (sent as { inputs: Record<string, unknown> }).inputs;
      expect(inputs).toMatchObject({
        title: 'Alle Typen',
        quantity: 1000,
        bulk_discount: 12.5,
        code: 'ABC-12',
        tags: ['messe', 'druck'],
        delivery_date: '2026-03-01',
      });
      expect((sent as { tags: string[] }).tags).toEqual(['messe', 'druck']);
      // express is false, so its note (required when shown) is neither shown nor sent
      expect(box('express_note')).toBeUndefined();
      expect(inputs).not.toHaveProperty('express_note');
    },
    SLOW,
  );

  it(
    "shows a field of a repeatable item by that item's own values and stops adding at the maximum",
    async () => {
      const { user } = renderApp('/new/sample', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      const add = () => screen.getByRole('button', { name: /Legs.*hinzufügen/ });
      await user.click(add());
      await user.click(add());
      await waitFor(() => expect(boxes('km')).toHaveLength(2));
      await user.type(within(boxes('km')[0]).getByRole('textbox'), '250');
      await user.type(within(boxes('km')[1]).getByRole('textbox'), '50');
      // note is visible only where km > 100: in the first item, not in the second
      await waitFor(() => expect(boxes('note')).toHaveLength(1));
      expect(boxes('note')[0].closest('li')).toBe(boxes('km')[0].closest('li'));
      await user.click(add());
      await waitFor(() => expect(boxes('km')).toHaveLength(3));
      expect(screen.queryByRole('button', { name: /Legs.*hinzufügen/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'reads numbers in the English format for English users',
    async () => {
      const { user } = renderApp('/new/sample', { signedInAs: { ...editor, language: 'en' } });
      expect(await screen.findByRole('heading', { name: 'Sample', level: 1 })).toBeInTheDocument();
      await waitFor(() => expect(textbox('quantity')).toHaveValue('100'));
      await user.clear(textbox('quantity'));
      await user.type(textbox('quantity'), '1,234');
      await user.tab();
      expect(textbox('quantity')).toHaveValue('1,234');
      await user.clear(textbox('weight_kg'));
      await user.type(textbox('weight_kg'), '2.25');
      await waitFor(() =>
        expect(within(box('weight_kg')).getByRole('textbox')).toHaveAttribute('aria-invalid', 'false'),
      );
      // German grouping is not a number in English: the field says so
      await user.clear(textbox('weight_kg'));
      await user.type(textbox('weight_kg'), '1.234,5');
      expect(await within(box('weight_kg')).findByText(/must be a number/)).toBeInTheDocument();
    },
    SLOW,
  );
});
