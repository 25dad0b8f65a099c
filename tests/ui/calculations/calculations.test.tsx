/**
 * The calculation screens against a mocked API: the form is generated from the template, numbers are typed in the
 * German format, the live total follows the input, conditional fields appear, server field errors and conflicts are
 * shown where the user looks, and the list's columns come from the template.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeResults } from '../../../src/core/formula';
import { defaultInputs, pruneInputs } from '../../../src/core/template';
import { formatResult } from '../../../src/client/template-forms/resultFormat';
import { API, editor, scenarios, server, spy } from '../mockServer';
import { renderApp } from '../renderApp';
import { chooseListFilter, openListFilter } from '../listFilters';
import {
  brochureInputs,
  calculationRecord,
  calculations,
  lookup2025,
  putCalculation,
  seedCalculations,
  template,
} from '../calculations.mock';
import { slowdown } from '../../support/load';

/** Typing into a big generated form is slow in jsdom, more so when test files share the 2 cores. */
const SLOW = 60_000 * slowdown();

beforeEach(seedCalculations);

const fieldBox = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;
const input = (name: string) => within(fieldBox(name)).getByRole('textbox');
const total = () => screen.getByTestId('result-total-value').textContent;

describe('the calculation form generated from a template', () => {
  it(
    'renders the header, the groups as cards and every field type of the template',
    async () => {
      renderApp('/new/brochure', { signedInAs: editor });
      expect(await screen.findByRole('heading', { name: 'Broschüre', level: 1 })).toBeInTheDocument();
      for (const group of ['Allgemein', 'Inhalt', 'Umschlag', 'Produktion', 'Transporte']) {
        expect(screen.getByRole('heading', { name: group, level: 2 })).toBeInTheDocument();
      }
      expect(screen.getByTestId('template-header').querySelector('[data-icon="MenuBook"]')).not.toBeNull();
      // Number inputs show the default in German format with the unit beside it, and the help text below.
      await waitFor(() => expect(input('quantity')).toHaveValue('5.000'));
      expect(within(fieldBox('quantity')).getByText('Stk.')).toBeInTheDocument();
      expect(
        within(fieldBox('quantity')).getByText('Anzahl der bestellten Exemplare (ohne Makulatur).'),
      ).toBeInTheDocument();
      expect(within(fieldBox('grammage')).getByText('g/m²')).toBeInTheDocument();
      // The factor select shows the factor's label and its value per unit from the mandant's database.
      await waitFor(() =>
        expect(within(fieldBox('paper')).getByText('Papier, Frischfaser · 0,9 kg CO₂e/kg')).toBeInTheDocument(),
      );
      expect(within(fieldBox('title')).getByRole('textbox')).toHaveAttribute(
        'placeholder',
        'z. B. Frühjahrskatalog 2026',
      );
    },
    SLOW,
  );

  it(
    'reads "1.234,5" in German as 1234.5, shows the live total, and sends only visible fields',
    async () => {
      // The shared handlers compute the new calculation's figures from the store's template and factors.
      const saved = spy('post', '/calculations');
      const { user } = renderApp('/new/brochure', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      await user.type(within(fieldBox('title')).getByRole('textbox'), 'Hauskatalog');
      const energy = input('energy_kwh_per_1000');
      await user.clear(energy);
      await user.type(energy, '1.234,5');
      await user.tab();
      expect(energy).toHaveValue('1.234,5');

      const t = template('brochure');
      const expected = computeResults(t, { ...defaultInputs(t), energy_kwh_per_1000: 1234.5 }, lookup2025).primary;
      await waitFor(() => expect(total()).toBe(formatResult(expected, 'de')));

      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(saved.bodies).toHaveLength(1));
      const body = saved.bodies[0] as {
        inputs: Record<string, unknown>;
        title: string;
        template_id: string;
        database_id: number;
      };
      expect(body.inputs.energy_kwh_per_1000).toBe(1234.5);
      expect(body.template_id).toBe('brochure');
      expect(body.title).toBe('Hauskatalog');
      expect(body.database_id).toBe(2);
      // The cover fields have defaults but are hidden (no separate cover): they are not sent.
      expect(body.inputs).not.toHaveProperty('cover_paper');
      expect(body.inputs).not.toHaveProperty('cover_grammage');
      expect(body).not.toHaveProperty('results');
      await waitFor(() => expect(window.location.pathname).toMatch(/^\/edit\/\d+$/));
      // The toast names the new calculation by its number (issue #35), not "Element wurde erstellt".
      expect(await screen.findByText(/^Kalkulation K-\d{4}-\d{6} angelegt$/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'keeps unsaved input as a draft that survives a reload, restores it on request and spends it on save',
    async () => {
      // The shared handlers compute the new calculation's figures from the store's template and factors.
      const saved = spy('post', '/calculations');
      const first = renderApp('/new/brochure', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      expect(screen.queryByTestId('calculation-draft')).toBeNull();
      await first.user.type(within(fieldBox('title')).getByRole('textbox'), 'Halb getippt');
      const quantity = input('quantity');
      await first.user.clear(quantity);
      await first.user.type(quantity, '7.500');
      // The whole input is in the draft (a pause while typing may have written an earlier, partial one first).
      await waitFor(() =>
        expect(window.localStorage.getItem('kontor.state.v1') ?? '').toMatch(
          /"title":"Halb getippt".*"quantity":7500|"quantity":7500.*"title":"Halb getippt"/,
        ),
      );

      // The tab is closed and opened again: the form starts from the template, and offers the draft.
      first.unmount();
      const { user } = renderApp('/new/brochure', { signedInAs: editor });
      const offer = await screen.findByTestId('calculation-draft');
      expect(offer).toHaveTextContent('ungespeicherte Eingaben');
      expect(within(fieldBox('title')).getByRole('textbox')).toHaveValue('');
      await user.click(within(offer).getByRole('button', { name: 'Wiederherstellen' }));
      await waitFor(() => expect(within(fieldBox('title')).getByRole('textbox')).toHaveValue('Halb getippt'));
      // The restored values reach the number inputs a render later than the text field.
      await waitFor(() => expect(input('quantity')).toHaveValue('7.500'));

      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(window.location.pathname).toMatch(/^\/edit\/\d+$/));
      expect((saved.bodies[0] as { inputs: Record<string, unknown> }).inputs.quantity).toBe(7500);
      expect(window.localStorage.getItem('kontor.state.v1') ?? '').not.toContain('Halb getippt');
    },
    SLOW,
  );

  it(
    'does not offer another user’s draft, and discards a draft when asked',
    async () => {
      const other = { ...editor, id: editor.id + 100, email: 'someone@muster.example' };
      window.localStorage.setItem(
        'kontor.state.v1',
        JSON.stringify({
          version: 1,
          compilations: {
            drafts: {
              'new:brochure': {
                user_id: other.id,
                saved_at: '2026-11-20T10:00:00Z',
                values: { inputs: { title: 'Fremd' } },
              },
            },
          },
          databases: {},
          mandant: {},
          migration: {},
          orders: {},
          profile: {},
        }),
      );
      const first = renderApp('/new/brochure', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      expect(screen.queryByTestId('calculation-draft')).toBeNull();
      first.unmount();

      window.localStorage.setItem(
        'kontor.state.v1',
        JSON.stringify({
          version: 1,
          compilations: {
            drafts: {
              'new:brochure': {
                user_id: editor.id,
                saved_at: '2026-11-20T10:00:00Z',
                values: { inputs: { title: 'Eigen' } },
              },
            },
          },
          databases: {},
          mandant: {},
          migration: {},
          orders: {},
          profile: {},
        }),
      );
      const { user } = renderApp('/new/brochure', { signedInAs: editor });
      const offer = await screen.findByTestId('calculation-draft');
      expect(offer).toHaveTextContent('20.11.2026');
      await user.click(within(offer).getByRole('button', { name: 'Verwerfen' }));
      await waitFor(() => expect(screen.queryByTestId('calculation-draft')).toBeNull());
      expect(window.localStorage.getItem('kontor.state.v1') ?? '').not.toContain('Eigen');
      expect(within(fieldBox('title')).getByRole('textbox')).toHaveValue('');
    },
    SLOW,
  );

  it(
    'updates the live total as the user types',
    async () => {
      const { user } = renderApp('/new/brochure', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      const t = template('brochure');
      const before = computeResults(t, defaultInputs(t), lookup2025).primary;
      await waitFor(() => expect(total()).toBe(formatResult(before, 'de')));

      const quantity = input('quantity');
      await user.clear(quantity);
      await user.type(quantity, '20.000');
      const after = computeResults(t, { ...defaultInputs(t), quantity: 20000 }, lookup2025).primary;
      expect(after).not.toBeCloseTo(before);
      await waitFor(() => expect(total()).toBe(formatResult(after, 'de')));

      // Text that is not a number: the field says so and the panel waits for a computable input.
      await user.clear(quantity);
      await user.type(quantity, '12x');
      expect(await within(fieldBox('quantity')).findByText('Auflage muss eine Zahl sein.')).toBeInTheDocument();
      expect(await screen.findByTestId('result-incomplete')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows which values the server would refuse instead of a figure (issue #20)',
    async () => {
      const { user } = renderApp('/new/brochure', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      const quantity = input('quantity');
      await user.clear(quantity);
      await user.type(quantity, '2,5');
      const refused = await screen.findByTestId('result-refused');
      expect(refused).toHaveTextContent('Mit diesen Eingaben würde nicht gespeichert:');
      expect(refused).toHaveTextContent('Auflage muss eine ganze Zahl sein.');
      expect(screen.queryByTestId('result-total-value')).toBeNull();

      await user.clear(quantity);
      await user.type(quantity, '3');
      await waitFor(() => expect(screen.queryByTestId('result-refused')).toBeNull());
      expect(screen.getByTestId('result-total-value')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a conditional field when its condition is met and validates it',
    async () => {
      const { user } = renderApp('/new/brochure', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      expect(fieldBox('cover_grammage')).toBeNull();
      await user.click(within(fieldBox('has_cover')).getByRole('switch'));
      await waitFor(() => expect(input('cover_grammage')).toHaveValue('250'));
      const coverGrammage = input('cover_grammage');
      await user.clear(coverGrammage);
      await user.type(coverGrammage, '50');
      expect(
        await within(fieldBox('cover_grammage')).findByText('Grammatur Umschlag muss zwischen 90 und 400 liegen.'),
      ).toBeInTheDocument();
      await user.click(within(fieldBox('has_cover')).getByRole('switch'));
      await waitFor(() => expect(fieldBox('cover_grammage')).toBeNull());
    },
    SLOW,
  );

  it(
    'adds and removes items of a repeatable group',
    async () => {
      const { user } = renderApp('/new/brochure', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      expect(document.querySelectorAll('[data-field="distance_km"]')).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Etappe hinzufügen' }));
      await user.click(screen.getByRole('button', { name: 'Etappe hinzufügen' }));
      await waitFor(() => expect(document.querySelectorAll('[data-field="distance_km"]')).toHaveLength(2));
      // New items start from the fields' defaults.
      await waitFor(() =>
        expect(
          within(document.querySelectorAll<HTMLElement>('[data-field="mode"]')[0]).getByText(/LKW|Lkw|truck/i),
        ).toBeInTheDocument(),
      );
      const t = template('brochure');
      const first = within(document.querySelectorAll<HTMLElement>('[data-field="distance_km"]')[0]).getByRole(
        'textbox',
      );
      await user.type(first, '1.500');
      const expected = computeResults(
        t,
        { ...defaultInputs(t), transport: [{ mode: 'road_freight_truck', distance_km: 1500 }] },
        lookup2025,
      );
      // The second leg has no distance yet: the figures of the rest stay, and the panel says that leg is not counted
      // yet (issue #35: an empty leg blanked the whole result).
      await waitFor(() => expect(total()).toBe(formatResult(expected.primary, 'de')));
      expect(screen.getByTestId('result-items-skipped')).toHaveTextContent(
        'Noch nicht mitgerechnet, weil unvollständig: Etappe 2',
      );
      expect(screen.queryByTestId('result-incomplete')).toBeNull();
      // react-admin shows the remove buttons on hover only (visibility: hidden otherwise).
      const removeButtons = Array.from(
        screen.getByTestId('group-transport').querySelectorAll<HTMLElement>('button[aria-label="Entfernen"]'),
      );
      expect(removeButtons).toHaveLength(2);
      await user.click(removeButtons[removeButtons.length - 1]);
      await waitFor(() => expect(screen.queryByTestId('result-items-skipped')).toBeNull());
      expect(total()).toBe(formatResult(expected.primary, 'de'));
    },
    SLOW,
  );

  it(
    'keeps unsaved input, repeatable items included, when the interface language changes (issue #20)',
    async () => {
      const { user } = renderApp('/new/brochure', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      await user.type(within(fieldBox('title')).getByRole('textbox'), 'Noch nicht gespeichert');
      const quantity = input('quantity');
      await user.clear(quantity);
      await user.type(quantity, '7.500');
      await user.click(screen.getByRole('button', { name: 'Etappe hinzufügen' }));
      await waitFor(() => expect(document.querySelectorAll('[data-field="distance_km"]')).toHaveLength(1));
      const distance = within(document.querySelector<HTMLElement>('[data-field="distance_km"]')!).getByRole('textbox');
      await user.type(distance, '120');

      await user.click(screen.getByTestId('language-menu'));
      await user.click(await screen.findByTestId('language-option-en'));
      expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Brochure', level: 1 })).toBeInTheDocument();
      expect(within(fieldBox('title')).getByRole('textbox')).toHaveValue('Noch nicht gespeichert');
      // The numbers stay, now shown in the English format.
      await waitFor(() => expect(input('quantity')).toHaveValue('7,500'));
      expect(document.querySelectorAll('[data-field="distance_km"]')).toHaveLength(1);
      expect(
        within(document.querySelector<HTMLElement>('[data-field="distance_km"]')!).getByRole('textbox'),
      ).toHaveValue('120');
    },
    SLOW,
  );

  it(
    'puts a server field error on the field it names',
    async () => {
      server.use(
        http.post(`${API}/calculations`, () =>
          HttpResponse.json(
            {
              message: 'Die Eingaben sind ungültig.',
              errors: { 'inputs.quantity': 'Auflage: so viele druckt hier niemand.' },
            },
            { status: 400 },
          ),
        ),
      );
      const { user } = renderApp('/new/brochure', { signedInAs: editor });
      await screen.findByTestId('result-total-value');
      await user.type(within(fieldBox('title')).getByRole('textbox'), 'Test');
      // Fold the group away: an error inside must open it again.
      await user.click(screen.getByRole('button', { name: 'Allgemein zuklappen' }));
      expect(screen.getByRole('button', { name: 'Allgemein aufklappen' })).toHaveAttribute('aria-expanded', 'false');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(
        await within(fieldBox('quantity')).findByText('Auflage: so viele druckt hier niemand.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Allgemein zuklappen' })).toHaveAttribute('aria-expanded', 'true');
      expect(
        within(screen.getByTestId('group-general')).getByLabelText('Diese Gruppe enthält Fehler'),
      ).toBeInTheDocument();
      expect(input('quantity')).toHaveAttribute('aria-invalid', 'true');
      expect(window.location.pathname).toBe('/new/brochure');
    },
    SLOW,
  );
});

describe('editing and duplicating', () => {
  it(
    'loads the stored values and total, and shows a conflict on a stale save instead of overwriting',
    async () => {
      const sent = spy('put', '/calculations/7');
      const { user } = renderApp('/edit/7', { signedInAs: editor });
      expect(await screen.findByText('K-2026-000007 · Version 3')).toBeInTheDocument();
      await waitFor(() => expect(input('quantity')).toHaveValue('5.000'));
      expect(total()).toBe(formatResult(calculations[0].total_co2e, 'de'));
      expect(input('distance_km')).toHaveValue('120');
      // Someone else saves meanwhile: the stored version moves on, so the shared handlers answer this save with 409.
      putCalculation(calculationRecord(7, 'brochure', { ...brochureInputs, quantity: 7000 }, { version: 4 }));

      await user.clear(input('quantity'));
      await user.type(input('quantity'), '6.000');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      const alert = await screen.findByTestId('calculation-conflict');
      expect(within(alert).getByText('Zwischenzeitlich von jemand anderem geändert')).toBeInTheDocument();
      expect(within(alert).getByText(/nichts wurde überschrieben/)).toBeInTheDocument();
      expect(sent.bodies).toEqual([
        expect.objectContaining({
          version: 3,
          template_id: 'brochure',
          inputs: expect.objectContaining({ quantity: 6000 }),
        }),
      ]);
      // The user's input is still there; nothing was reloaded behind their back.
      expect(input('quantity')).toHaveValue('6.000');

      // Reloading shows what the other person saved; the message goes away.
      await user.click(within(alert).getByRole('button', { name: 'Neu laden' }));
      await waitFor(() => expect(input('quantity')).toHaveValue('7.000'));
      expect(screen.queryByTestId('calculation-conflict')).toBeNull();
      expect(await screen.findByText('K-2026-000007 · Version 4')).toBeInTheDocument();
      await waitFor(() => expect(total()).toBe(formatResult(calculations[0].total_co2e, 'de')));
    },
    SLOW,
  );

  it(
    'duplicates a calculation as a new one marked as a copy',
    async () => {
      const posted = spy('post', '/calculations');
      const { user } = renderApp('/duplicate/7', { signedInAs: editor });
      await waitFor(() =>
        expect(within(fieldBox('title')).getByRole('textbox')).toHaveValue('Frühjahrskatalog (Kopie)'),
      );
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(posted.bodies).toHaveLength(1));
      const sent = posted.bodies[0] as Record<string, unknown>;
      expect(sent).toMatchObject({
        duplicated_from: 7,
        title: 'Frühjahrskatalog (Kopie)',
        inputs: { quantity: 5000, pages: 16 },
      });
      expect(sent).not.toHaveProperty('version');
      expect((sent as unknown as { inputs: unknown }).inputs).toEqual(
        pruneInputs(template('brochure'), { ...brochureInputs, title: 'Frühjahrskatalog (Kopie)' }),
      );
    },
    SLOW,
  );
});

describe('server errors inside a repeatable group', () => {
  it(
    'land on the input of the item they name',
    async () => {
      server.use(
        http.put(`${API}/calculations/7`, () =>
          HttpResponse.json(
            {
              message: 'Die Eingaben sind ungültig.',
              errors: { 'inputs.transport.0.distance_km': 'Diese Strecke gibt es nicht.' },
            },
            { status: 400 },
          ),
        ),
      );
      const { user } = renderApp('/edit/7', { signedInAs: editor });
      await waitFor(() => expect(input('distance_km')).toHaveValue('120'));
      await user.clear(input('distance_km'));
      await user.type(input('distance_km'), '19.999');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(await within(fieldBox('distance_km')).findByText('Diese Strecke gibt es nicht.')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('read-only access', () => {
  it(
    'lets a viewer look at a calculation without a save button',
    async () => {
      renderApp('/edit/7', { signedInAs: { ...editor, role: 'viewer' } });
      await waitFor(() => expect(input('quantity')).toHaveValue('5.000'));
      // The notice stands above the fields, where the reader starts.
      const notice = screen.getByTestId('calculation-read-only');
      expect(notice).toHaveTextContent(/nur Leserechte/);
      expect(notice.compareDocumentPosition(fieldBox('quantity')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    },
    SLOW,
  );

  it(
    'offers viewers to open calculations from the list, not to edit or copy them',
    async () => {
      renderApp('/calculations', { signedInAs: { ...editor, role: 'viewer' } });
      const open = await screen.findAllByRole('link', { name: 'Anzeigen' });
      expect(open.length).toBeGreaterThan(0);
      expect(screen.queryByRole('link', { name: 'Bearbeiten' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Duplizieren' })).toBeNull();
    },
    SLOW,
  );
});

describe('numbers in the generated form', () => {
  it(
    'shows a year (an integer without unit) without digit grouping',
    async () => {
      renderApp('/new/company-footprint', { signedInAs: editor });
      // (The brochure's quantity, with a unit, shows as 5.000: see above.)
      await waitFor(() => expect(input('reporting_year')).toHaveValue('2025'));
    },
    SLOW,
  );
});

describe('the calculations list', () => {
  it(
    'takes its columns from the templates of the type and filters by that type',
    async () => {
      const { queries } = spy('get', '/calculations');
      const { user } = renderApp('/calculations/product', { signedInAs: editor });
      const table = await screen.findByTestId('calculations-table');
      await within(table).findByText('Frühjahrskatalog');
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.trim());
      // The list columns most of the type's templates name (brochure, flyer, sample: title, quantity, format, total_co2e)...
      expect(headers.slice(0, 8)).toEqual(expect.arrayContaining(['Titel', 'Auflage', 'Format', 'Gesamtemissionen']));
      // ...and those only a few name (the brochure's pages) in the column chooser, not as mostly empty columns (issue #18 item 8).
      expect(headers).not.toContain('Seiten (Inhalt)');
      await user.click(screen.getByRole('button', { name: 'Spalten' }));
      expect(await screen.findByLabelText('Seiten (Inhalt)')).not.toBeChecked();
      await user.keyboard('{Escape}');
      const row = (await within(table).findByText('Frühjahrskatalog')).closest('tr') as HTMLElement;
      expect(within(row).getByText('A4 (210 × 297 mm)')).toBeInTheDocument();
      expect(within(row).getByText('5.000 Stk.')).toBeInTheDocument();
      // Dates in the interface language, not the browser's (jsdom's is en-US).
      expect(within(row).getByText(/^\d{1,2}\.\d{1,2}\.\d{4}, \d{1,2}:\d{2}:\d{2}$/)).toBeInTheDocument();
      expect(within(row).getByText(`${formatResult(calculations[0].total_co2e, 'de')} kg CO₂e`)).toBeInTheDocument();
      expect(queries.at(-1)).toContain('"template_type":"product"');
      expect(queries.at(-1)).toContain('sort=["updated_at","DESC"]');
    },
    SLOW,
  );

  it(
    'offers the templates’ field filters within a type and sends them as inputs',
    async () => {
      const { queries } = spy('get', '/calculations');
      const { user } = renderApp('/calculations/product', { signedInAs: editor });
      await screen.findByTestId('calculations-table');
      await chooseListFilter(user, 'Format', /A5/);
      await waitFor(() => expect(queries.at(-1)).toContain('"inputs":{"format":"A5"}'));
      expect(queries.at(-1)).toContain('"template_type":"product"');
    },
    SLOW,
  );

  it(
    'offers a factor field filter as the factors’ names and sends the chosen key (issue #20)',
    async () => {
      const { queries } = spy('get', '/calculations');
      const { user } = renderApp('/calculations/product', { signedInAs: editor });
      await screen.findByTestId('calculations-table');
      await openListFilter(user, 'Papier');
      // Only the category's factors, by their German names.
      expect(await screen.findByRole('option', { name: 'Papier, Recyclingfaser' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: /LKW|Lkw/ })).toBeNull();
      await user.click(screen.getByRole('option', { name: 'Papier, Recyclingfaser' }));
      await waitFor(() => expect(queries.at(-1)).toContain('"inputs":{"paper":"paper_recycled"}'));
    },
    SLOW,
  );

  it(
    "leads a template id in the type's place to that template's calculations",
    async () => {
      const { queries } = spy('get', '/calculations');
      renderApp('/calculations/brochure', { signedInAs: editor });
      await screen.findByTestId('calculations-table');
      await waitFor(() => expect(window.location.pathname).toBe('/calculations/product'));
      expect(queries.at(-1)).toContain('"template_id":"brochure"');
      expect(queries.at(-1)).toContain('"template_type":"product"');
      expect(screen.getByRole('tab', { name: 'Produkte' })).toHaveAttribute('aria-selected', 'true');
    },
    SLOW,
  );

  it(
    'answers an unknown type with the not-found page, not an empty list titled with the word',
    async () => {
      renderApp('/calculations/gibtsnicht', { signedInAs: editor });
      expect((await screen.findAllByText('Diese Seite wurde nicht gefunden')).length).toBeGreaterThan(0);
      expect(screen.queryByTestId('calculations-table')).toBeNull();
      expect(screen.queryByText('gibtsnicht')).toBeNull();
    },
    SLOW,
  );

  it(
    'says a calculation was not found without naming its database id (issue #35)',
    async () => {
      // The shared handlers' 404 names the record as the server's does: the page must not repeat the id.
      renderApp('/edit/987654', { signedInAs: editor });
      expect(await screen.findByText(/Diese Kalkulation wurde nicht gefunden/)).toBeInTheDocument();
      expect(screen.queryByText(/987654/)).toBeNull();
    },
    SLOW,
  );

  it(
    'offers the template types as tabs',
    async () => {
      const { user } = renderApp('/calculations', { signedInAs: editor });
      await screen.findByTestId('calculations-table');
      expect(screen.getByRole('tab', { name: 'Alle' })).toHaveAttribute('aria-selected', 'true');
      await user.click(screen.getByRole('tab', { name: 'Produkte' }));
      await waitFor(() => expect(window.location.pathname).toBe('/calculations/product'));
      expect(screen.getByRole('tab', { name: 'Produkte' })).toHaveAttribute('aria-selected', 'true');
    },
    SLOW,
  );

  it(
    'switches to cards and remembers the choice',
    async () => {
      const { user, unmount } = renderApp('/calculations', { signedInAs: editor });
      await screen.findByTestId('calculations-table');
      await user.click(screen.getByRole('button', { name: 'Karten' }));
      const cards = await screen.findByTestId('calculations-cards');
      expect(within(cards).getByText('Frühjahrskatalog')).toBeInTheDocument();
      expect(window.localStorage.getItem('RaStoreKontor.calculations.view')).toContain('cards');
      unmount();
      renderApp('/calculations', { signedInAs: editor });
      expect(await screen.findByTestId('calculations-cards')).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('the calculations list for daily work (issue #18 item 8)', () => {
  const headers = (table: HTMLElement) =>
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.trim())
      .filter(Boolean);
  const deleted: string[] = [];
  beforeEach(() => {
    deleted.length = 0;
    // Which calculations were deleted: the shared handlers answer (an ordered one with 409).
    server.events.on('request:start', ({ request }) => {
      const match = /\/api\/calculations\/(\d+)$/.exec(new URL(request.url).pathname);
      if (request.method === 'DELETE' && match) deleted.push(match[1]!);
    });
  });
  afterEach(() => server.events.removeAllListeners('request:start'));

  it(
    'shows in "All" the record columns and only the template columns every template shares',
    async () => {
      renderApp('/calculations', { signedInAs: editor });
      const table = await screen.findByTestId('calculations-table');
      await within(table).findByText('Frühjahrskatalog');
      expect(headers(table)).toEqual([
        'Nummer',
        'Titel',
        'Kunde',
        'Status',
        'Vorlage',
        'Gesamtemissionen',
        'Geändert',
        'Aktionen',
      ]);
      const row = within(table).getByText('Frühjahrskatalog').closest('tr') as HTMLElement;
      expect(within(row).getByText('Entwurf')).toBeInTheDocument();
      expect(within(row).getByText('Broschüre')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows within a type that type's template columns, and the record's others only when chosen",
    async () => {
      const company = template('company-footprint');
      putCalculation(calculationRecord(10, company.id, { ...defaultInputs(company), title: 'Bilanz 2025' }));
      renderApp('/calculations/company', { signedInAs: editor });
      const table = await screen.findByTestId('calculations-table');
      const shown = headers(table);
      expect(shown).toEqual(expect.arrayContaining(['Nummer', 'Titel', 'Berichtsjahr', 'Standort', 'Geändert']));
      expect(shown).not.toContain('Kunde');
      expect(shown).not.toContain('Auflage');
    },
    SLOW,
  );

  it(
    'remembers the columns chosen across a remount',
    async () => {
      const first = renderApp('/calculations', { signedInAs: editor });
      let table = await screen.findByTestId('calculations-table');
      await within(table).findByText('Frühjahrskatalog');
      expect(headers(table)).toContain('Kunde');
      await first.user.click(screen.getByRole('button', { name: 'Spalten' }));
      await first.user.click(await screen.findByLabelText('Kunde'));
      await first.user.keyboard('{Escape}');
      await waitFor(() => expect(headers(screen.getByTestId('calculations-table'))).not.toContain('Kunde'));
      first.unmount();

      renderApp('/calculations', { signedInAs: editor });
      await screen.findByText('Frühjahrskatalog');
      table = screen.getByTestId('calculations-table');
      expect(headers(table)).not.toContain('Kunde');
      expect(headers(table)).toContain('Status');
    },
    SLOW,
  );

  it(
    'offers edit, duplicate and a confirmed delete per row, and no delete for an ordered calculation',
    async () => {
      putCalculation({ ...calculations[1]!, frozen: true });
      const { user } = renderApp('/calculations', { signedInAs: editor });
      const table = await screen.findByTestId('calculations-table');
      const row = (await within(table).findByText('Frühjahrskatalog')).closest('tr') as HTMLElement;
      expect(within(row).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', '/edit/7');
      expect(within(row).getByRole('link', { name: 'Duplizieren' })).toHaveAttribute('href', '/duplicate/7');
      const frozenRow = within(table).getByText('Sommerflyer').closest('tr') as HTMLElement;
      expect(within(frozenRow).queryByRole('button', { name: 'Löschen' })).toBeNull();

      await user.click(within(row).getByRole('button', { name: 'Löschen' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Kalkulation K-2026-000007 löschen?');
      expect(deleted).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));
      await waitFor(() => expect(deleted).toEqual(['7']));
      expect(window.location.pathname).toBe('/calculations');
    },
    SLOW,
  );

  it(
    'gives the edit page duplicate, a confirmed delete and back to the list',
    async () => {
      const { user } = renderApp('/edit/7', { signedInAs: editor });
      const actions = await screen.findByTestId('calculation-edit-actions');
      expect(within(actions).getByRole('link', { name: 'Zur Liste' })).toHaveAttribute('href', '/calculations/product');
      expect(within(actions).getByRole('link', { name: 'Duplizieren' })).toHaveAttribute('href', '/duplicate/7');
      await user.click(within(actions).getByRole('button', { name: 'Löschen' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Frühjahrskatalog');
      await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));
      await waitFor(() => expect(deleted).toEqual(['7']));
      await waitFor(() => expect(window.location.pathname).toBe('/calculations/product'));
    },
    SLOW,
  );

  it(
    'says on an ordered calculation why it cannot be deleted or ordered again, and offers viewers only back',
    async () => {
      // The first calculation (7) locked by an order.
      scenarios.set({ lockedCalculation: true });
      const first = renderApp('/edit/7', { signedInAs: editor });
      const actions = await screen.findByTestId('calculation-edit-actions');
      expect(within(actions).queryByRole('button', { name: 'Löschen' })).toBeNull();
      expect(within(actions).getByTestId('calculation-frozen-hint')).toHaveTextContent(
        'kann nicht mehr bearbeitet oder gelöscht werden',
      );
      expect(within(actions).getByTestId('calculation-order')).toBeDisabled();
      expect(within(actions).getByTestId('calculation-order-reason')).toHaveTextContent(
        'bereits ein Klimabeitrag bestellt',
      );
      first.unmount();

      renderApp('/edit/8', { signedInAs: { ...editor, role: 'viewer' } });
      const viewerActions = await screen.findByTestId('calculation-edit-actions');
      expect(within(viewerActions).getByRole('link', { name: 'Zur Liste' })).toBeInTheDocument();
      expect(within(viewerActions).queryByRole('link', { name: 'Duplizieren' })).toBeNull();
      expect(within(viewerActions).queryByRole('button', { name: 'Löschen' })).toBeNull();
      expect(within(viewerActions).queryByTestId('calculation-order')).toBeNull();
    },
    SLOW,
  );
});

describe('a calculation the API cannot answer right now', () => {
  it(
    'says a 503 in the app’s own words with the wait asked for, not "not found", and loads on a retry',
    async () => {
      scenarios.set({ error: { status: 503, route: '/api/calculations/{id}' } });
      const { user } = renderApp('/edit/7', { signedInAs: editor });
      expect(
        await screen.findByText(
          'Kontor ist gerade ausgelastet oder nicht erreichbar. Bitte versuchen Sie es in 30 Sekunden erneut.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText(/nicht gefunden/)).toBeNull();
      scenarios.reset();
      await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
      await waitFor(() => expect(input('quantity')).toHaveValue('5.000'));
    },
    SLOW,
  );

  it(
    'still says "not found" for a calculation that is not there, with no retry',
    async () => {
      renderApp('/edit/999', { signedInAs: editor });
      expect(
        await screen.findByText(
          'Diese Kalkulation wurde nicht gefunden: Sie wurde vielleicht gelöscht, oder der Link ist nicht mehr gültig.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
    },
    SLOW,
  );
});

describe('leaving a form with unsaved input (issue #35)', () => {
  it(
    'asks before leaving, stays on "cancel" and leaves without asking once nothing is unsaved',
    async () => {
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      try {
        const { user } = renderApp('/new/brochure', { signedInAs: editor });
        await screen.findByTestId('result-total-value', {}, { timeout: 30_000 });
        await user.type(within(fieldBox('title')).getByRole('textbox'), 'Nicht gespeichert');
        await user.click(screen.getAllByRole('menuitem', { name: 'Sammlungen' })[0]!);
        await waitFor(() =>
          expect(confirm).toHaveBeenCalledWith(
            'Einige Änderungen wurden nicht gespeichert. Sind Sie sicher, dass Sie diese Seite verlassen wollen?',
          ),
        );
        expect(window.location.pathname).toBe('/new/brochure');
        expect(within(fieldBox('title')).getByRole('textbox')).toHaveValue('Nicht gespeichert');
        confirm.mockReturnValue(true);
        await user.click(screen.getAllByRole('menuitem', { name: 'Sammlungen' })[0]!);
        await waitFor(() => expect(window.location.pathname).toBe('/collections'));
      } finally {
        confirm.mockRestore();
      }
    },
    SLOW,
  );
});
