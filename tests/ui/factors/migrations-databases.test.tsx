import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FactorRecord } from '../../../src/core/api';
import { factorDatabase, putRecords } from '../calculations.mock';
import { API, mandantAdmin, server, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import { chooseListFilter } from '../listFilters';
import { slowdown } from '../../support/load';

const label = (text: string) => ({ de: text, en: text, fr: text, it: text, es: text });
const base = factorDatabase(2, '2025');
const own = factorDatabase(5, '2025-green', {
  mandant_id: 1,
  name: 'Muster Ökostrom',
  status: 'draft',
  based_on_id: 2,
  demo: false,
});
const factor = (id: number, databaseId: number, key: string, value: number): FactorRecord => ({
  id,
  database_id: databaseId,
  key,
  category: 'electricity',
  unit: 'kWh',
  value,
  label: label(key),
  source: 'UBA',
  year: 2024,
  region: 'DE',
  demo: false,
  data_type: 'secondary',
  technology: 'average',
  declaration_kind: null,
  biogenic_co2: null,
  delivery_included: null,
});
const baseFactors = [factor(1, 2, 'electricity_de_grid', 0.363), factor(2, 2, 'natural_gas', 0.18293)];
const ownFactors = [factor(11, 5, 'electricity_de_grid', 0.03), factor(12, 5, 'natural_gas', 0.18293)];

/** The two databases and their factors in the shared handlers' store, which answers the lists, the diff and the writes. */
function seedDatabases() {
  putRecords('databases', [base, own]);
  putRecords('factors', [...baseFactors, ...ownFactors]);
}

describe('factor database screens', () => {
  it(
    'filters the database list by status through "Filter hinzufügen"',
    async () => {
      seedDatabases();
      const { queries } = spy('get', '/databases');
      const { user } = renderApp('/databases', { signedInAs: mandantAdmin });
      await screen.findByText('Muster Ökostrom');
      await chooseListFilter(user, 'Status', 'Entwurf');
      await waitFor(() => expect(queries.at(-1)).toContain('"status":"draft"'));
    },
    60_000 * slowdown(),
  );

  it(
    'shows a derived database’s factors beside the base values and saves an override',
    async () => {
      // The derived database overrides the grid electricity (0.363 → 0.03): the diff lists it as changed.
      seedDatabases();
      const saved = spy('put', '/factors/12');
      const { user } = renderApp('/databases/5', { signedInAs: mandantAdmin });
      const electricity = await screen.findByTestId('factor-electricity_de_grid');
      await waitFor(() => expect(electricity).toHaveTextContent('0,363 (überschrieben)'));
      // Values in the interface language's number format, typed back the same way.
      expect(within(electricity).getByLabelText('Wert von electricity_de_grid')).toHaveValue('0,03');
      const gas = screen.getByTestId('factor-natural_gas');
      expect(gas).not.toHaveTextContent('überschrieben');
      expect(screen.getByRole('button', { name: 'Veröffentlichen' })).toBeInTheDocument();

      const input = within(gas).getByLabelText('Wert von natural_gas');
      await user.clear(input);
      await user.type(input, '0,2{Enter}');
      await waitFor(() => expect(saved.bodies).toHaveLength(1));
      expect(saved.bodies[0]).toMatchObject({ value: 0.2 });

      const diff = await screen.findByTestId('database-diff');
      expect(within(diff).getByText('electricity_de_grid').closest('tr')).toHaveTextContent('geändert');
    },
    60_000 * slowdown(),
  );

  it(
    'refreshes the diff after a factor is added, without a reload (issue #20)',
    async () => {
      seedDatabases();
      // No differences yet: the derived database has the base's values.
      store.table('factors').set('11', { ...ownFactors[0]!, value: 0.363 });
      const added = spy('post', '/factors');
      const { user } = renderApp('/databases/5', { signedInAs: mandantAdmin });
      const diff = await screen.findByTestId('database-diff');
      expect(diff).toHaveTextContent('Keine Unterschiede.');

      await user.click(screen.getByTestId('factor-add'));
      const dialog = await screen.findByTestId('factor-dialog');
      await user.type(within(dialog).getByLabelText(/Schlüssel/), 'heat_district');
      await user.type(within(dialog).getByLabelText(/Kategorie/), 'energy');
      await user.type(within(dialog).getByLabelText(/Einheit/), 'kWh');
      await user.type(within(dialog).getByLabelText(/^Wert/), '0,201');
      await user.type(within(dialog).getByLabelText(/Bezeichnung \(Deutsch\)/), 'Fernwärme');
      // The mandant's own metered figure: primary data of this very process (graded so in its reports).
      expect(within(dialog).getByRole('combobox', { name: /Datenbasis/ })).toHaveTextContent('sekundär');
      await user.click(within(dialog).getByRole('combobox', { name: /Datenbasis/ }));
      await user.click(await screen.findByRole('option', { name: 'primär' }));
      await user.click(within(dialog).getByRole('combobox', { name: /Technologie/ }));
      await user.click(await screen.findByRole('option', { name: 'dieser Prozess' }));
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(added.bodies).toHaveLength(1));
      expect(added.bodies[0]).toMatchObject({ data_type: 'primary', technology: 'specific' });
      await waitFor(() =>
        expect(within(screen.getByTestId('database-diff')).getByText('heat_district').closest('tr')).toHaveTextContent(
          'neu',
        ),
      );
      expect(screen.getByTestId('database-diff')).not.toHaveTextContent('Keine Unterschiede.');
    },
    60_000 * slowdown(),
  );

  it(
    'names a new category in five languages where the factor is added, and shows that name in the factor table (issue #20)',
    async () => {
      seedDatabases();
      store.setAnswer(mandantAdmin, '/api/factor-categories', [
        { key: 'electricity', factor_count: 2, factor_keys: ['electricity_de_grid', 'natural_gas'], label: null },
      ]);
      const named = spy('put', '/factor-categories/label_face');
      const posts = spy('post', '/factors');
      const { user } = renderApp('/databases/5', { signedInAs: mandantAdmin });
      // A built-in category shows its name from the message catalogue.
      expect(await screen.findByTestId('factor-electricity_de_grid')).toHaveTextContent('Strom');

      await user.click(screen.getByTestId('factor-add'));
      const dialog = await screen.findByTestId('factor-dialog');
      await user.type(within(dialog).getByLabelText(/Schlüssel/), 'label_face_paper');
      const category = within(dialog).getByLabelText(/^Kategorie/);
      // A built-in category needs no name.
      await user.type(category, 'paper');
      expect(within(dialog).queryByTestId('factor-category-name')).toBeNull();
      await user.clear(category);
      await user.type(category, 'label_face');
      const naming = await within(dialog).findByTestId('factor-category-name');
      expect(naming).toHaveTextContent('Name der Kategorie „label_face“');
      await user.type(within(naming).getByLabelText('Kategorie (Deutsch)'), 'Etikettenvorderseite');
      await user.type(within(naming).getByLabelText('Kategorie (English)'), 'Label face');
      await user.type(within(dialog).getByLabelText(/Einheit/), 'kg');
      await user.type(within(dialog).getByLabelText(/^Wert/), '1,2');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(posts.bodies).toHaveLength(1));
      // Languages left empty take the first name given; the name is saved before the factor.
      expect(named.bodies).toEqual([
        {
          label: {
            de: 'Etikettenvorderseite',
            en: 'Label face',
            fr: 'Etikettenvorderseite',
            it: 'Etikettenvorderseite',
            es: 'Etikettenvorderseite',
          },
        },
      ]);
      expect(posts.bodies[0]).toMatchObject({ key: 'label_face_paper', category: 'label_face' });
      const row = await screen.findByTestId('factor-label_face_paper');
      await waitFor(() => expect(row).toHaveTextContent('Etikettenvorderseite'));
    },
    60_000 * slowdown(),
  );

  it(
    'lists the databases with their validity as a date in the interface language',
    async () => {
      seedDatabases();
      renderApp('/databases', { signedInAs: mandantAdmin });
      const row = (await screen.findByText('Demo factors 2025')).closest('tr') as HTMLElement;
      expect(row).toHaveTextContent('01.01.2025');
      expect(row).not.toHaveTextContent('2025-01-01');
    },
    60_000 * slowdown(),
  );

  /**
   * A draft's page with every write watched: removing a factor and publishing first ask what the change touches (issue
   * #34), here one calculation. The dialog's steps are one test each (issue #38: together they took over a minute on
   * a loaded machine), each on a fresh page.
   */
  async function openDraft() {
    seedDatabases();
    const sent = {
      puts: spy('put', '/factors/11'),
      posts: spy('post', '/factors'),
      deletes: spy('delete', '/factors/12'),
      published: spy('post', '/databases/5/publish'),
    };
    server.use(
      http.post(`${API}/databases/5/impact`, () =>
        HttpResponse.json({
          calculations: 1,
          by_template: [{ key: 'brochure', label: 'Broschüre', count: 1, link: '/calculations?filter=%7B%7D' }],
          by_database: [],
          templates: [],
          databases: [],
          fields: [],
          options: [],
        }),
      ),
    );
    const { user } = renderApp('/databases/5', { signedInAs: mandantAdmin });
    const electricity = await screen.findByTestId('factor-electricity_de_grid');
    expect(electricity).toHaveTextContent('DE');
    return { user, electricity, ...sent };
  }

  it(
    'changes every field of a draft’s factor in a dialog',
    async () => {
      const { user, electricity, puts } = await openDraft();

      // Change: source, year, region and an English label; a bad year is explained before anything is sent.
      await user.click(within(electricity).getByRole('button', { name: 'Faktor electricity_de_grid bearbeiten' }));
      const dialog = await screen.findByTestId('factor-dialog');
      expect(within(dialog).getByLabelText(/Schlüssel/)).toBeDisabled();
      expect(within(dialog).getByLabelText(/^Wert/)).toHaveValue('0,03');
      const source = within(dialog).getByLabelText(/^Quelle/);
      // The factor's own source, not the database's ("demo") the page shows (issue #34).
      expect(source).toHaveValue('UBA');
      await user.clear(source);
      await user.type(source, 'Ökostromvertrag 2026');
      const year = within(dialog).getByLabelText(/^Jahr/);
      await user.clear(year);
      await user.type(year, '3000');
      await user.tab();
      expect(await within(dialog).findByText('Ein Jahr zwischen 1900 und 2200.')).toBeInTheDocument();
      await user.clear(year);
      await user.type(year, '2026');
      const region = within(dialog).getByLabelText(/^Region/);
      await user.clear(region);
      await user.type(region, 'DE-BY');
      const english = within(dialog).getByLabelText(/Bezeichnung \(English\)/);
      await user.clear(english);
      await user.type(english, 'Green electricity contract');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(puts.bodies).toHaveLength(1));
      expect(puts.bodies[0]).toMatchObject({
        value: 0.03,
        source: 'Ökostromvertrag 2026',
        year: 2026,
        region: 'DE-BY',
        label: { en: 'Green electricity contract' },
      });
      await waitFor(() => expect(screen.queryByTestId('factor-dialog')).toBeNull());
    },
    60_000 * slowdown(),
  );

  it(
    'adds a factor in a dialog, its value typed with a decimal comma, a category outside the pattern refused first',
    async () => {
      const { user, posts } = await openDraft();

      // Add: a value typed with a decimal comma.
      await user.click(screen.getByTestId('factor-add'));
      const dialog = await screen.findByTestId('factor-dialog');
      await user.type(within(dialog).getByLabelText(/Schlüssel/), 'heat_district');
      // A category outside the pattern is refused before anything is sent.
      const category = within(dialog).getByLabelText(/Kategorie/);
      await user.type(category, 'Energy Mix');
      await user.type(within(dialog).getByLabelText(/Einheit/), 'kWh');
      await user.type(within(dialog).getByLabelText(/^Wert/), '0,201');
      await user.type(within(dialog).getByLabelText(/Bezeichnung \(Deutsch\)/), 'Fernwärme');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(await within(dialog).findByText(/^Kleinbuchstaben, Ziffern und _/)).toBeInTheDocument();
      expect(posts.bodies).toHaveLength(0);
      await user.clear(category);
      await user.type(category, 'energy');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(posts.bodies).toHaveLength(1));
      expect(posts.bodies[0]).toMatchObject({
        database_id: 5,
        key: 'heat_district',
        category: 'energy',
        unit: 'kWh',
        value: 0.201,
        year: null,
        region: null,
        label: { de: 'Fernwärme' },
      });
      await waitFor(() => expect(screen.queryByTestId('factor-dialog')).toBeNull());
    },
    60_000 * slowdown(),
  );

  it(
    'removes a draft’s factor only after a confirmation that names what it touches',
    async () => {
      const { user, deletes } = await openDraft();

      // Remove: only after the confirmation.
      await user.click(
        within(screen.getByTestId('factor-natural_gas')).getByRole('button', { name: 'Faktor natural_gas bearbeiten' }),
      );
      await user.click(await screen.findByRole('button', { name: 'Faktor entfernen' }));
      const confirm = await screen.findByRole('dialog', { name: 'Faktor natural_gas entfernen?' });
      expect(await within(confirm).findByText('1 Kalkulation betroffen')).toBeInTheDocument();
      await user.click(within(confirm).getByRole('button', { name: 'Bestätigen' }));
      await waitFor(() => expect(deletes.queries).toHaveLength(1));
      await waitFor(() => expect(screen.queryByTestId('factor-dialog')).toBeNull());
    },
    60_000 * slowdown(),
  );

  it(
    'publishes a draft only after a confirmation, cancelled once',
    async () => {
      const { user, published } = await openDraft();

      // Publish: cancelled once, then confirmed.
      await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
      let publish = await screen.findByRole('dialog', { name: '„Muster Ökostrom (2025-green)“ veröffentlichen?' });
      expect(publish).toHaveTextContent('nicht mehr geändert');
      expect(await within(publish).findByRole('link', { name: 'Broschüre' })).toBeInTheDocument();
      await user.click(within(publish).getByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(published.queries).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
      publish = await screen.findByRole('dialog', { name: '„Muster Ökostrom (2025-green)“ veröffentlichen?' });
      await user.click(within(publish).getByRole('button', { name: 'Bestätigen' }));
      await waitFor(() => expect(published.queries).toHaveLength(1));
    },
    60_000 * slowdown(),
  );

  it(
    "records a paper from its mill's declaration: kind, biogenic CO2 apart, delivery (issue 33)",
    async () => {
      seedDatabases();
      const posts = spy('post', '/factors').bodies;
      const { user } = renderApp('/databases/5', { signedInAs: mandantAdmin });
      await screen.findByTestId('factor-electricity_de_grid');
      await user.click(screen.getByTestId('factor-add'));
      const dialog = await screen.findByTestId('factor-dialog');
      await user.type(within(dialog).getByLabelText(/Schlüssel/), 'paper_mill_silk');
      await user.type(within(dialog).getByLabelText(/Kategorie/), 'paper');
      await user.type(within(dialog).getByLabelText(/Einheit/), 'kg');
      await user.type(within(dialog).getByLabelText(/^Wert/), '0,61');
      await user.click(within(dialog).getByLabelText(/Erklärung des Papierwerks/));
      await user.click(await screen.findByRole('option', { name: 'Paper Profile' }));
      const biogenic = within(dialog).getByLabelText(/Biogenes CO2/);
      // A negative amount is explained before anything is sent.
      await user.type(biogenic, '-1');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(await within(dialog).findByText('Biogenes CO2 muss eine Zahl ab 0 sein.')).toBeInTheDocument();
      expect(posts).toHaveLength(0);
      await user.clear(biogenic);
      await user.type(biogenic, '1,4');
      await user.click(within(dialog).getByLabelText(/Lieferung zur Druckerei/));
      await user.click(await screen.findByRole('option', { name: 'nein' }));
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(posts).toHaveLength(1));
      expect(posts[0]).toMatchObject({
        key: 'paper_mill_silk',
        category: 'paper',
        value: 0.61,
        declaration_kind: 'paper_profile',
        biogenic_co2: 1.4,
        delivery_included: false,
      });
    },
    150_000 * slowdown(),
  );
});

describe('rolling a database out to all mandants', () => {
  const provider = {
    ...mandantAdmin,
    id: 1,
    email: 'admin@kontor.example',
    role: 'provider_admin' as const,
    mandant_id: null,
  };

  it(
    'offers the provider admin the roll-out of a published global database, confirmed first, and marks the default',
    async () => {
      putRecords('databases', [factorDatabase(1, '2024'), base]);
      putRecords('factors', baseFactors);
      const rollOuts = spy('post', '/databases/1/roll-out');
      const { user } = renderApp('/databases/1', { signedInAs: provider });
      await user.click(await screen.findByRole('button', { name: 'Für alle Mandanten ausrollen' }));
      expect(rollOuts.queries).toEqual([]);
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(
        'außer bei Mandanten, deren Administrator im Profil eine eigene Standard-Datenbank festgelegt hat',
      );
      await user.click(within(dialog).getByRole('button', { name: /bestätigen/i }));
      await waitFor(() => expect(rollOuts.queries).toHaveLength(1));
      expect(await screen.findByTestId('rolled-out')).toHaveTextContent('Standard für alle Mandanten');
    },
    60_000 * slowdown(),
  );

  it(
    'does not offer the roll-out to mandant admins',
    async () => {
      seedDatabases();
      renderApp('/databases/2', { signedInAs: mandantAdmin });
      expect(
        await screen.findByText(/Veröffentlichte und archivierte Datenbanken sind unveränderlich/),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Für alle Mandanten ausrollen' })).toBeNull();
    },
    60_000 * slowdown(),
  );
});
