import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FactorDatabaseRecord, FactorRecord } from '../../src/core/api';
import { API, mandantAdmin, server } from './mockServer';
import { renderApp } from './renderApp';

const label = (text: string) => ({ de: text, en: text, fr: text, it: text, es: text });
const base: FactorDatabaseRecord = {
  id: 2,
  mandant_id: null,
  name: 'Demo factors 2025',
  version_label: '2025',
  status: 'published',
  valid_from: '2025-01-01',
  source: 'demo',
  based_on_id: null,
  demo: true,
  gwp_set: 'IPCC AR6 GWP100',
  rolled_out_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  version: 1,
};
const own: FactorDatabaseRecord = {
  ...base,
  id: 5,
  mandant_id: 1,
  name: 'Muster Ökostrom',
  version_label: '2025-green',
  status: 'draft',
  based_on_id: 2,
  demo: false,
};
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

/** The two databases and their factors; `changed` is the diff's list of changed factors. */
function serveDatabases(changed: unknown[] = []) {
  server.use(
    http.get(`${API}/databases`, () =>
      HttpResponse.json([base, own], { headers: { 'Content-Range': 'databases 0-1/2' } }),
    ),
    http.get(`${API}/databases/5`, () => HttpResponse.json(own)),
    http.get(`${API}/databases/5/diff`, () =>
      HttpResponse.json({ from: base, to: own, added: [], removed: [], changed }),
    ),
    http.get(`${API}/factors`, ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { database_id?: number };
      const rows = filter.database_id === 2 ? baseFactors : ownFactors;
      return HttpResponse.json(rows, { headers: { 'Content-Range': `factors 0-${rows.length - 1}/${rows.length}` } });
    }),
  );
}

describe('factor database screens', () => {
  it('shows a derived database’s factors beside the base values and saves an override', async () => {
    const puts: unknown[] = [];
    serveDatabases([
      {
        key: 'electricity_de_grid',
        category: 'electricity',
        unit: 'kWh',
        old: 0.363,
        new: 0.03,
        percent: -91.7,
        attributes: [{ name: 'value', old: 0.363, new: 0.03 }],
      },
    ]);
    server.use(
      http.put(`${API}/factors/:id`, async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push({ id: Number(params.id), ...body });
        return HttpResponse.json({ ...ownFactors[1]!, ...body });
      }),
    );
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
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ id: 12, value: 0.2 });

    const diff = await screen.findByTestId('database-diff');
    expect(within(diff).getByText('electricity_de_grid').closest('tr')).toHaveTextContent('geändert');
  }, 60_000);

  it('refreshes the diff after a factor is added, without a reload (issue #20)', async () => {
    const added: FactorRecord[] = [];
    serveDatabases();
    server.use(
      http.get(`${API}/databases/5/diff`, () =>
        HttpResponse.json({ from: base, to: own, added, removed: [], changed: [] }),
      ),
      http.post(`${API}/factors`, async ({ request }) => {
        const body = (await request.json()) as Partial<FactorRecord>;
        const created = { ...ownFactors[0]!, ...body, id: 99 } as FactorRecord;
        added.push(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
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
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ data_type: 'primary', technology: 'specific' });
    await waitFor(() =>
      expect(within(screen.getByTestId('database-diff')).getByText('heat_district').closest('tr')).toHaveTextContent(
        'neu',
      ),
    );
    expect(screen.getByTestId('database-diff')).not.toHaveTextContent('Keine Unterschiede.');
  }, 60_000);

  it('names a new category in five languages where the factor is added, and shows that name in the factor table (issue #20)', async () => {
    type Category = {
      key: string;
      factor_count: number;
      factor_keys: string[];
      label: Record<string, string> | null;
    };
    const categories: Category[] = [
      { key: 'electricity', factor_count: 2, factor_keys: ['electricity_de_grid', 'natural_gas'], label: null },
    ];
    const named: Array<{ key: string; label: Record<string, string> }> = [];
    const posts: Array<Record<string, unknown>> = [];
    let rows = ownFactors;
    serveDatabases();
    server.use(
      http.get(`${API}/factor-categories`, () => HttpResponse.json(categories)),
      http.put(`${API}/factor-categories/:key`, async ({ request, params }) => {
        const body = (await request.json()) as { label: Record<string, string> };
        named.push({ key: String(params.key), label: body.label });
        const category = { key: String(params.key), factor_count: 0, factor_keys: [], label: body.label };
        categories.push(category);
        return HttpResponse.json(category);
      }),
      http.post(`${API}/factors`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push(body);
        const created = { ...ownFactors[0]!, ...body, id: 99 } as FactorRecord;
        rows = [...ownFactors, created];
        return HttpResponse.json(created, { status: 201 });
      }),
      http.get(`${API}/factors`, ({ request }) => {
        const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { database_id?: number };
        const list = filter.database_id === 2 ? baseFactors : rows;
        return HttpResponse.json(list, { headers: { 'Content-Range': `factors 0-${list.length - 1}/${list.length}` } });
      }),
    );
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
    await waitFor(() => expect(posts).toHaveLength(1));
    // Languages left empty take the first name given; the name is saved before the factor.
    expect(named).toEqual([
      {
        key: 'label_face',
        label: {
          de: 'Etikettenvorderseite',
          en: 'Label face',
          fr: 'Etikettenvorderseite',
          it: 'Etikettenvorderseite',
          es: 'Etikettenvorderseite',
        },
      },
    ]);
    expect(posts[0]).toMatchObject({ key: 'label_face_paper', category: 'label_face' });
    const row = await screen.findByTestId('factor-label_face_paper');
    await waitFor(() => expect(row).toHaveTextContent('Etikettenvorderseite'));
  }, 60_000);

  it('lists the databases with their validity as a date in the interface language', async () => {
    server.use(
      http.get(`${API}/databases`, () =>
        HttpResponse.json([base, own], { headers: { 'Content-Range': 'databases 0-1/2' } }),
      ),
    );
    renderApp('/databases', { signedInAs: mandantAdmin });
    const row = (await screen.findByText('Demo factors 2025')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('01.01.2025');
    expect(row).not.toHaveTextContent('2025-01-01');
  }, 60_000);

  it('changes every field of a draft’s factor, adds and removes factors in a dialog, and publishes only after a confirmation', async () => {
    const puts: Array<Record<string, unknown>> = [];
    const posts: Array<Record<string, unknown>> = [];
    const deletes: number[] = [];
    const statusChanges: string[] = [];
    serveDatabases();
    server.use(
      http.put(`${API}/factors/:id`, async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push({ id: Number(params.id), ...body });
        return HttpResponse.json({ ...ownFactors[0]!, ...body, id: Number(params.id) });
      }),
      http.post(`${API}/factors`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push(body);
        return HttpResponse.json({ ...ownFactors[0]!, ...body, id: 99 }, { status: 201 });
      }),
      http.delete(`${API}/factors/:id`, ({ params }) => {
        deletes.push(Number(params.id));
        return HttpResponse.json(ownFactors[1]);
      }),
      // Removing a factor and publishing first ask what the change touches (issue #34): here, one calculation.
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
      http.post(`${API}/databases/5/:action`, ({ params }) => {
        statusChanges.push(String(params.action));
        return HttpResponse.json({ ...own, status: 'published' });
      }),
    );
    const { user } = renderApp('/databases/5', { signedInAs: mandantAdmin });
    const electricity = await screen.findByTestId('factor-electricity_de_grid');
    expect(electricity).toHaveTextContent('DE');

    // Change: source, year, region and an English label; a bad year is explained before anything is sent.
    await user.click(within(electricity).getByRole('button', { name: 'Faktor electricity_de_grid bearbeiten' }));
    let dialog = await screen.findByTestId('factor-dialog');
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
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      id: 11,
      value: 0.03,
      source: 'Ökostromvertrag 2026',
      year: 2026,
      region: 'DE-BY',
      label: { en: 'Green electricity contract' },
    });
    await waitFor(() => expect(screen.queryByTestId('factor-dialog')).toBeNull());

    // Add: a value typed with a decimal comma.
    await user.click(screen.getByTestId('factor-add'));
    dialog = await screen.findByTestId('factor-dialog');
    await user.type(within(dialog).getByLabelText(/Schlüssel/), 'heat_district');
    // A category outside the pattern is refused before anything is sent.
    const category = within(dialog).getByLabelText(/Kategorie/);
    await user.type(category, 'Energy Mix');
    await user.type(within(dialog).getByLabelText(/Einheit/), 'kWh');
    await user.type(within(dialog).getByLabelText(/^Wert/), '0,201');
    await user.type(within(dialog).getByLabelText(/Bezeichnung \(Deutsch\)/), 'Fernwärme');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(/^Kleinbuchstaben, Ziffern und _/)).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await user.clear(category);
    await user.type(category, 'energy');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      database_id: 5,
      key: 'heat_district',
      category: 'energy',
      unit: 'kWh',
      value: 0.201,
      year: null,
      region: null,
      label: { de: 'Fernwärme' },
    });

    // Remove: only after the confirmation.
    await waitFor(() => expect(screen.queryByTestId('factor-dialog')).toBeNull());
    await user.click(
      within(screen.getByTestId('factor-natural_gas')).getByRole('button', { name: 'Faktor natural_gas bearbeiten' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Faktor entfernen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Faktor natural_gas entfernen?' });
    expect(await within(confirm).findByText('1 Kalkulation betroffen')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(deletes).toEqual([12]));

    // Publish: cancelled once, then confirmed.
    await waitFor(() => expect(screen.queryByTestId('factor-dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    let publish = await screen.findByRole('dialog', { name: '„Muster Ökostrom (2025-green)“ veröffentlichen?' });
    expect(publish).toHaveTextContent('nicht mehr geändert');
    expect(await within(publish).findByRole('link', { name: 'Broschüre' })).toBeInTheDocument();
    await user.click(within(publish).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusChanges).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    publish = await screen.findByRole('dialog', { name: '„Muster Ökostrom (2025-green)“ veröffentlichen?' });
    await user.click(within(publish).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(statusChanges).toEqual(['publish']));
    // Typed field by field in a dialog that also has the two data-quality selects: over a minute on a loaded machine.
  }, 150_000);

  it("records a paper from its mill's declaration: kind, biogenic CO2 apart, delivery (issue 33)", async () => {
    const posts: Array<Record<string, unknown>> = [];
    serveDatabases();
    server.use(
      http.post(`${API}/factors`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push(body);
        return HttpResponse.json({ ...ownFactors[0]!, ...body, id: 99 }, { status: 201 });
      }),
    );
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
  }, 150_000);
});

describe('rolling a database out to all mandants', () => {
  const provider = {
    ...mandantAdmin,
    id: 1,
    email: 'admin@kontor.example',
    role: 'provider_admin' as const,
    mandant_id: null,
  };

  it('offers the provider admin the roll-out of a published global database, confirmed first, and marks the default', async () => {
    const older = { ...base, id: 1, name: 'Demo factors 2024', version_label: '2024', valid_from: '2024-01-01' };
    let current: FactorDatabaseRecord = { ...base, rolled_out_at: null };
    const rolled = { ...older, rolled_out_at: '2026-11-24T10:00:00Z' };
    const rollOuts: string[] = [];
    server.use(
      http.get(`${API}/databases`, () =>
        HttpResponse.json([older, current], { headers: { 'Content-Range': 'databases 0-1/2' } }),
      ),
      http.get(`${API}/databases/1`, () => HttpResponse.json(rollOuts.length > 0 ? rolled : older)),
      http.get(`${API}/databases/1/diff`, () =>
        HttpResponse.json({ from: base, to: older, added: [], removed: [], changed: [] }),
      ),
      http.get(`${API}/factors`, () =>
        HttpResponse.json(baseFactors, { headers: { 'Content-Range': 'factors 0-1/2' } }),
      ),
      http.post(`${API}/databases/1/roll-out`, () => {
        rollOuts.push('1');
        current = { ...current };
        return HttpResponse.json(rolled);
      }),
    );
    // The list reads the databases again after the roll-out.
    server.use(
      http.get(`${API}/databases`, () =>
        HttpResponse.json(rollOuts.length > 0 ? [rolled, current] : [older, current], {
          headers: { 'Content-Range': 'databases 0-1/2' },
        }),
      ),
    );
    const { user } = renderApp('/databases/1', { signedInAs: provider });
    await user.click(await screen.findByRole('button', { name: 'Für alle Mandanten ausrollen' }));
    expect(rollOuts).toEqual([]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'außer bei Mandanten, deren Administrator im Profil eine eigene Standard-Datenbank festgelegt hat',
    );
    await user.click(within(dialog).getByRole('button', { name: /bestätigen/i }));
    await waitFor(() => expect(rollOuts).toEqual(['1']));
    expect(await screen.findByTestId('rolled-out')).toHaveTextContent('Standard für alle Mandanten');
  }, 60_000);

  it('does not offer the roll-out to mandant admins', async () => {
    serveDatabases();
    server.use(
      http.get(`${API}/databases/2`, () => HttpResponse.json(base)),
      http.get(`${API}/databases/2/diff`, () =>
        HttpResponse.json({ from: base, to: base, added: [], removed: [], changed: [] }),
      ),
    );
    renderApp('/databases/2', { signedInAs: mandantAdmin });
    expect(
      await screen.findByText(/Veröffentlichte und archivierte Datenbanken sind unveränderlich/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Für alle Mandanten ausrollen' })).toBeNull();
  }, 60_000);
});
