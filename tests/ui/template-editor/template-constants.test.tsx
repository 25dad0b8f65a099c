/**
 * Issue #34, items 3 and 4 in the form editor, read in German: a checker fault sits at its field and the summary in
 * words takes the admin there; named constants with value, unit and source; a select option names its factor; a stage
 * gets its own label; rule arguments take the German decimal comma; publishing asks first.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TemplateVersionRecord } from '../../../src/core/api';
import { emptyTemplate } from '../../../src/client/template-editor/definitionEdits';
import type { Template } from '../../../src/core/template';
import { providerAdmin, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

/** The provider admin, who keeps the templates (the shared handlers answer as for the demo's). */
const germanAdmin = providerAdmin;

interface Post {
  definition: Template;
  status: string;
}

/** The factor categories the constants and options name (the shared handlers answer the rest). */
function serve(): Post[] {
  store.setAnswer(providerAdmin, '/api/factor-categories', [
    { key: 'metal', factor_count: 2, factor_keys: ['aluminium_wire', 'steel_wire'], label: null },
  ]);
  return spy('post', '/templates').bodies as Post[];
}

async function openNew() {
  const posts = serve();
  const rendered = renderApp('/templates/new', { signedInAs: germanAdmin });
  await screen.findByTestId('form-editor', {}, { timeout: 90_000 });
  const save = async () => {
    fireEvent.click(screen.getByTestId('template-save-draft'));
    await waitFor(() => expect(posts).toHaveLength(1));
    return posts[0]!.definition;
  };
  return { ...rendered, posts, save };
}

const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('checker faults where the admin looks', () => {
  it(
    'shows a formula fault at its result, in German words, and the summary’s click focuses the formula',
    async () => {
      await openNew();
      change('te-result-0-formula', 'quantity * (0.01');
      const atResult = await screen.findByTestId('faults-at-/results/0');
      expect(atResult).toHaveTextContent('die Klammer „(“ wird nicht geschlossen (Zeichen 12)');
      // Shown once at its part: the template's head and the results section do not repeat it.
      expect(screen.queryByTestId('faults-at-/')).toBeNull();

      const summary = screen.getByTestId('template-faults');
      expect(summary).toHaveTextContent('Ergebnis „Gesamt“ · Formel');
      expect(summary.textContent).not.toMatch(/\/results|Zeile|Expected|character/);
      // Focus elsewhere first, so the click is what moves it.
      screen.getByTestId('te-id').focus();
      fireEvent.click(within(summary).getByTestId('template-fault'));
      await waitFor(() => expect(screen.getByTestId('te-result-0-formula')).toHaveFocus());
    },
    120_000 * slowdown(),
  );

  it(
    'says a condition’s field no longer exists, at the field, and the click focuses the condition',
    async () => {
      // A draft whose quantity field still shows only for a format the template no longer has (renamed away).
      const draft = emptyTemplate();
      draft.id = 'envelope';
      draft.groups[0]!.fields[1]!.visibleIf = "format == 'a4'";
      serve();
      store.setAnswer(providerAdmin, '/api/templates/envelope/versions', [
        {
          id: 'envelope@2',
          template_id: 'envelope',
          version: 2,
          status: 'draft',
          source: 'app',
          label: 'Umschlag',
          created_by: 1,
          created_at: '2026-01-01T00:00:00Z',
          published_at: null,
          usage: 0,
          definition: draft,
        } satisfies TemplateVersionRecord,
      ]);
      renderApp('/templates/envelope?version=2', { signedInAs: germanAdmin });
      const atField = await screen.findByTestId('faults-at-/groups/0/fields/1', {}, { timeout: 90_000 });
      expect(atField).toHaveTextContent('es gibt kein Feld „format“ (mehr)');
      expect(atField).not.toHaveTextContent('Gruppenebene');
      const summary = screen.getByTestId('template-faults');
      expect(summary).toHaveTextContent('Gruppe „Allgemein“ · Feld „Auflage“ · Nur anzeigen, wenn');
      expect(summary.textContent).not.toMatch(/\/groups|Zeile/);
      screen.getByTestId('te-id').focus();
      fireEvent.click(within(summary).getByTestId('template-fault'));
      await waitFor(() =>
        expect(screen.getByTestId('te-field-0-1-condition').contains(document.activeElement)).toBe(true),
      );
    },
    120_000 * slowdown(),
  );
});

describe('constants, option factors and stage labels in the form', () => {
  it(
    'adds a named constant with value (German comma), unit and source, read by name in a formula',
    async () => {
      const { save } = await openNew();
      fireEvent.click(screen.getByTestId('te-add-constant'));
      change('te-constant-0-name', 'clip_mass_g');
      change('te-constant-0-value', '1,5');
      change('te-constant-0-unit', 'g');
      for (const [lang, text] of Object.entries({
        de: 'Klammermasse',
        en: 'Clip mass',
        fr: 'Masse de l’agrafe',
        it: 'Massa del punto',
        es: 'Masa de la grapa',
      }))
        change(`te-constant-0-label-${lang}`, text);
      // Without its source the constant is a fault at its place.
      expect(await screen.findByTestId('faults-at-/constants/0')).toBeInTheDocument();
      change('te-constant-0-source', 'Datenblatt Klammer K12, 2024');
      change('te-result-0-formula', 'quantity * clip_mass_g / 1000');
      await waitFor(() => expect(screen.getByTestId('template-valid')).toBeInTheDocument());
      const definition = await save();
      expect(definition.constants).toEqual([
        {
          name: 'clip_mass_g',
          label: {
            de: 'Klammermasse',
            en: 'Clip mass',
            fr: 'Masse de l’agrafe',
            it: 'Massa del punto',
            es: 'Masa de la grapa',
          },
          value: 1.5,
          unit: 'g',
          source: 'Datenblatt Klammer K12, 2024',
        },
      ]);
      expect(definition.results[0]!.formula).toBe('quantity * clip_mass_g / 1000');
    },
    120_000 * slowdown(),
  );

  it(
    'ties a select option to a factor, and gives a stage its own label',
    async () => {
      const { user, save } = await openNew();
      change('te-field-0-0-type', 'select');
      fireEvent.click(await screen.findByTestId('te-field-0-0-add-option'));
      await user.click(screen.getByTestId('te-field-0-0-option-0-factor'));
      await user.click(await screen.findByTestId('te-field-0-0-option-0-factor-option-steel_wire'));
      change('te-field-0-0-default', 'option');
      change('te-result-0-formula', 'quantity * factor(title)');

      fireEvent.click(screen.getByTestId('method-enabled'));
      change('method-stage-materials', 'included');
      fireEvent.click(screen.getByTestId('method-own-label-materials'));
      change('method-label-materials-de', 'Metallteile');
      change('method-label-materials-en', 'Metal parts');
      expect(screen.getByTestId('method-stage-materials').closest('.MuiFormControl-root')).toHaveTextContent(
        'Metallteile',
      );
      const definition = await save();
      const options = definition.groups[0]!.fields[0]!.options!;
      expect(options[0]).toMatchObject({ value: 'option', factor: 'steel_wire' });
      expect(definition.method!.stages[0]).toMatchObject({
        stage: 'materials',
        label: { de: 'Metallteile', en: 'Metal parts' },
        included: true,
      });
    },
    120_000 * slowdown(),
  );
});

describe('rule arguments and publishing', () => {
  it(
    'reads a German decimal comma in a rule argument as one number',
    async () => {
      const { save } = await openNew();
      fireEvent.click(screen.getByTestId('te-field-0-1-add-rule'));
      const rule = within(screen.getByTestId('te-field-0-1-rules')).getAllByRole('combobox').length - 1;
      change(`te-field-0-1-rule-${rule}-name`, 'between');
      change(`te-field-0-1-rule-${rule}-arg-0`, '0,6');
      change(`te-field-0-1-rule-${rule}-arg-1`, '2000,5');
      expect(screen.getByTestId(`te-field-0-1-rule-${rule}-arg-0`)).toHaveValue('0,6');
      // Two arguments, not four: the checker has nothing to say about the rule.
      await waitFor(() => expect(screen.getByTestId('template-valid')).toBeInTheDocument());
      const definition = await save();
      expect(definition.groups[0]!.fields[1]!.rules!.at(-1)).toBe('between:0.6,2000.5');
    },
    120_000 * slowdown(),
  );

  it(
    'asks before publishing, and publishes only when confirmed',
    async () => {
      const { posts } = await openNew();
      fireEvent.click(screen.getByTestId('template-publish'));
      // The one publish confirmation is the impact dialog (what the version touches; issue #34 item 2).
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Version veröffentlichen?');
      fireEvent.click(within(dialog).getByRole('button', { name: /Abbrechen/ }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(posts).toEqual([]);

      fireEvent.click(screen.getByTestId('template-publish'));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Veröffentlichen/ }));
      await waitFor(() => expect(posts).toHaveLength(1));
      expect(posts[0]!.status).toBe('published');
    },
    120_000 * slowdown(),
  );
});
