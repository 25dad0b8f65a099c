import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CalculationRecord, FactorMigrationItemRecord, FactorMigrationRecord } from '../../../src/core/api';
import {
  calculationRecord,
  factorDatabase,
  putCalculation,
  putRecords,
  seedCalculations,
  templateRecords,
} from '../calculations.mock';
import { API, editor, mandantAdmin, server, spy } from '../mockServer';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

const DATABASES = [
  factorDatabase(1, '2024'),
  factorDatabase(2, '2025'),
  factorDatabase(3, '2026', { status: 'draft' }),
];

const preview: FactorMigrationRecord = {
  id: 7,
  mandant_id: 1,
  kind: 'database',
  from_database_id: null,
  to_database_id: 1,
  template_id: null,
  from_template_version: null,
  to_template_version: null,
  from_machine_set_id: null,
  to_machine_set_id: null,
  filter: null,
  status: 'previewed',
  created_by: 2,
  created_by_name: 'Erika Muster',
  applied_by: null,
  applied_by_name: null,
  summary: { count: 2, excluded: 1, total_before: 300, total_after: 330, difference: 30, percent: 10 },
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
  applied_at: null,
  rolled_back_at: null,
  version: 1,
};
const items: FactorMigrationItemRecord[] = [
  {
    id: 1,
    migration_id: 7,
    mandant_id: 1,
    calculation_id: 11,
    number: 'K-2026-000001',
    title: 'Kundenmagazin',
    template_id: 'brochure',
    total_before: 100,
    total_after: 120,
    difference: 20,
    percent: 20,
    excluded: null,
  },
  {
    id: 2,
    migration_id: 7,
    mandant_id: 1,
    calculation_id: 12,
    number: 'K-2026-000002',
    title: 'Flyer Sommerfest',
    template_id: 'flyer',
    total_before: 200,
    total_after: 210,
    difference: 10,
    percent: 5,
    excluded: null,
  },
  {
    id: 3,
    migration_id: 7,
    mandant_id: 1,
    calculation_id: 13,
    number: 'K-2026-000003',
    title: 'Visitenkarten',
    template_id: 'business-cards',
    total_before: 50,
    total_after: null,
    difference: null,
    percent: null,
    excluded: 'frozen',
  },
];

/**
 * The databases, templates and the preview's rows in the shared handlers' store. Creating the preview and its steps are
 * what these tests are about (mock mode does not compute previews): they answer here and keep the migration in the store,
 * whose list the history reads.
 */
function serve(options: { applyStatus?: number; answer?: FactorMigrationRecord } = {}) {
  putRecords('databases', DATABASES);
  putRecords('templates', templateRecords);
  putRecords('migration-items', items);
  const answer = options.answer ?? preview;
  const steps: string[] = [];
  server.use(
    http.post(`${API}/migrations`, () => {
      putRecords('migrations', [answer]);
      return HttpResponse.json(answer, { status: 201 });
    }),
    http.post(`${API}/migrations/7/:step`, ({ params }) => {
      steps.push(String(params.step));
      if (params.step === 'apply' && options.applyStatus === 409) {
        return HttpResponse.json(
          { message: 'Calculations of this migration were changed since the preview.' },
          { status: 409 },
        );
      }
      const status = params.step === 'apply' ? 'applied' : params.step === 'rollback' ? 'rolled_back' : 'discarded';
      const record = {
        ...preview,
        status,
        applied_by_name: 'Erika Muster',
        applied_at: '2026-03-02T10:00:00.000Z',
      } as FactorMigrationRecord;
      putRecords('migrations', [record]);
      return HttpResponse.json(record);
    }),
  );
  // After the overrides: msw asks the handler added last first, and a spy passes the request on.
  const previews = spy('post', '/migrations');
  const itemLists = spy('get', '/migration-items');
  return {
    previews: previews.bodies,
    steps,
    get itemQueries() {
      return itemLists.queries.map((query) => new URLSearchParams(query).get('filter') ?? '{}');
    },
  };
}

async function createPreview(user: ReturnType<typeof renderApp>['user']) {
  const target = await screen.findByRole('combobox', { name: /Ziel-Datenbank/ });
  await user.click(target);
  const listbox = await screen.findByRole('listbox');
  // Only published databases are offered.
  expect(within(listbox).queryByText(/2026/)).toBeNull();
  await user.click(within(listbox).getByText('Demo factors 2024 (2024)'));
  await user.click(screen.getByRole('button', { name: 'Vorschau erstellen' }));
  return screen.findByTestId('migration-preview');
}

describe('migrations page', () => {
  it(
    'previews a migration with summary and rows, filters them, and applies it',
    async () => {
      const sent = serve();
      const { user } = renderApp('/migrations', { signedInAs: mandantAdmin });
      const card = await createPreview(user);
      expect(sent.previews).toEqual([{ to_database_id: 1 }]);
      expect(within(card).getByText('Migration nach Demo factors 2024 (2024)')).toBeInTheDocument();
      expect(within(card).getByTestId('summary-before')).toHaveTextContent('300 kg CO₂e');
      expect(within(card).getByTestId('summary-after')).toHaveTextContent('330 kg CO₂e');
      const row = (await within(card).findByText('Kundenmagazin')).closest('tr')!;
      expect(within(row).getByText('100')).toBeInTheDocument();
      expect(within(row).getByText('120')).toBeInTheDocument();
      expect(within(row).getByText('+20')).toBeInTheDocument();
      expect(within(row).getByText('+20,0 %')).toBeInTheDocument();
      expect(within(row).getByRole('link', { name: 'K-2026-000001' })).toHaveAttribute('href', '/edit/11');
      const frozen = within(card).getByText('Visitenkarten').closest('tr')!;
      expect(within(frozen).getByText('durch eine Bestellung eingefroren')).toBeInTheDocument();

      await user.type(within(card).getByLabelText('Kalkulationen filtern'), 'flyer');
      await waitFor(() => expect(within(card).queryByText('Kundenmagazin')).toBeNull());
      expect(within(card).getByText('Flyer Sommerfest')).toBeInTheDocument();
      expect(sent.itemQueries.at(-1)).toBe(JSON.stringify({ migration_id: 7, q: 'flyer' }));

      await user.click(within(card).getByRole('button', { name: 'Anwenden' }));
      // Nothing is sent before the confirmation, which says what will change.
      const confirm = await screen.findByRole('dialog', { name: /Migration auf .* anwenden\?/ });
      expect(confirm).toHaveTextContent(/Kalkulationen erhalten ihre neuen Ergebnisse/);
      expect(sent.steps).toEqual([]);
      await user.click(within(confirm).getByRole('button', { name: 'Bestätigen' }));
      await waitFor(() => expect(screen.getByTestId('migration-status')).toHaveTextContent('Angewendet'));
      expect(sent.steps).toEqual(['apply']);
      const history = await screen.findByTestId('migration-history');
      await waitFor(() => expect(within(history).getAllByRole('row')[1]).toHaveTextContent('Angewendet'));
      expect(within(history).getAllByRole('row')[1]).toHaveTextContent('Erika Muster');
      expect(
        within(screen.getByTestId('migration-preview')).getByRole('button', { name: 'Zurücknehmen' }),
      ).toBeInTheDocument();
    },
    60_000 * slowdown(),
  );

  it(
    'offers a fresh preview when the calculations changed since the preview (409)',
    async () => {
      const sent = serve({ applyStatus: 409 });
      const { user } = renderApp('/migrations', { signedInAs: mandantAdmin });
      const card = await createPreview(user);
      await user.click(within(card).getByRole('button', { name: 'Anwenden' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bestätigen' }));
      expect(await screen.findByText(/seit der Vorschau geändert/)).toBeInTheDocument();
      expect(screen.getByTestId('migration-status')).toHaveTextContent('Vorschau');
      await user.click(await screen.findByRole('button', { name: 'Neue Vorschau' }));
      await waitFor(() => expect(sent.previews).toHaveLength(2));
      expect(sent.previews[1]).toEqual({ to_database_id: 1 });
    },
    60_000 * slowdown(),
  );

  it(
    'migrates a single calculation when opened from its page',
    async () => {
      const sent = serve();
      const { user } = renderApp('/migrations?calculation=11&to=1', { signedInAs: mandantAdmin });
      expect(await screen.findByText('Nur Kalkulation #11')).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Vorschau erstellen' }));
      await waitFor(() => expect(sent.previews).toEqual([{ to_database_id: 1, calculation_ids: [11] }]));
    },
    60_000 * slowdown(),
  );

  it(
    'migrates the calculations of a list filter, sending the filter itself',
    async () => {
      const sent = serve();
      const filter = { template_type: 'product', q: 'Flyer' };
      const { user } = renderApp(`/migrations?${new URLSearchParams({ filter: JSON.stringify(filter), to: '1' })}`, {
        signedInAs: mandantAdmin,
      });
      expect(await screen.findByTestId('migration-filter')).toHaveTextContent(
        'Nur Kalkulationen des Listenfilters (template_type: product · q: Flyer)',
      );
      await user.click(await screen.findByRole('button', { name: 'Vorschau erstellen' }));
      await waitFor(() => expect(sent.previews).toEqual([{ to_database_id: 1, filter }]));
    },
    60_000 * slowdown(),
  );

  it(
    "previews the migration of a template's calculations to its current version",
    async () => {
      const flyer = templateRecords.find((record) => record.id === 'flyer')!;
      const sent = serve({
        answer: {
          ...preview,
          kind: 'template',
          to_database_id: null,
          template_id: 'flyer',
          to_template_version: flyer.version,
        },
      });
      const { user } = renderApp('/migrations', { signedInAs: mandantAdmin });
      await user.click(await screen.findByRole('button', { name: 'Vorlagen-Version' }));
      expect(screen.getByText(/neue Felder erhalten ihren Standardwert/)).toBeInTheDocument();
      await user.click(await screen.findByRole('combobox', { name: /Vorlage/ }));
      await user.click(
        within(await screen.findByRole('listbox')).getByText(`${flyer.label} – Version ${flyer.version}`),
      );
      await user.click(screen.getByRole('button', { name: 'Vorschau erstellen' }));
      await waitFor(() =>
        expect(sent.previews).toEqual([{ kind: 'template', template_id: 'flyer', to_template_version: flyer.version }]),
      );
      const card = await screen.findByTestId('migration-preview');
      expect(within(card).getByText(`Migration nach ${flyer.label} – Version ${flyer.version}`)).toBeInTheDocument();
      const history = await screen.findByTestId('migration-history');
      await waitFor(() =>
        expect(within(history).getAllByRole('row')[1]).toHaveTextContent(`${flyer.label} – Version ${flyer.version}`),
      );
    },
    60_000 * slowdown(),
  );
});

describe('the database the calculations already use (issue #18 item 12)', () => {
  const flyerOn = (databaseId: number) =>
    calculationRecord(
      11,
      'flyer',
      {
        title: 'Sommerflyer',
        quantity: 5000,
        format: 'A5',
        paper: 'paper_virgin',
        grammage: 135,
        spoilage_pct: 5,
        energy_kwh_per_1000: 2.5,
        electricity: 'electricity_de_grid',
      },
      { database_id: databaseId },
    );
  /** Calculations on `databaseId`, answering the card's reads: the first one, and how many use its database. */
  function calculationsOn(databaseId: number, total: number) {
    const asked: Record<string, unknown>[] = [];
    server.use(
      http.get(`${API}/calculations`, ({ request }) => {
        const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
        asked.push(filter);
        return HttpResponse.json([flyerOn(databaseId)], { headers: { 'Content-Range': `calculations 0-0/${total}` } });
      }),
    );
    return asked;
  }

  it(
    'does not offer it as a target, and says why',
    async () => {
      serve();
      const asked = calculationsOn(1, 5);
      const { user } = renderApp('/migrations', { signedInAs: mandantAdmin });
      expect(await screen.findByTestId('migration-in-use')).toHaveTextContent(
        'Die Kalkulationen verwenden bereits Demo factors 2024 (2024); diese Datenbank wird daher nicht angeboten.',
      );
      await user.click(await screen.findByRole('combobox', { name: /Ziel-Datenbank/ }));
      const listbox = await screen.findByRole('listbox');
      expect(within(listbox).queryByText('Demo factors 2024 (2024)')).toBeNull();
      expect(within(listbox).getByText('Demo factors 2025 (2025)')).toBeInTheDocument();
      expect(asked).toContainEqual({ database_id: 1 });
    },
    60_000 * slowdown(),
  );

  it(
    'offers it when only some calculations use it',
    async () => {
      serve();
      // 5 calculations, 3 of them on the first one's database.
      server.use(
        http.get(`${API}/calculations`, ({ request }) => {
          const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
          const total = filter.database_id === undefined ? 5 : 3;
          return HttpResponse.json([flyerOn(1)], { headers: { 'Content-Range': `calculations 0-0/${total}` } });
        }),
      );
      const { user } = renderApp('/migrations', { signedInAs: mandantAdmin });
      await user.click(await screen.findByRole('combobox', { name: /Ziel-Datenbank/ }));
      expect(within(await screen.findByRole('listbox')).getByText('Demo factors 2024 (2024)')).toBeInTheDocument();
      expect(screen.queryByTestId('migration-in-use')).toBeNull();
    },
    60_000 * slowdown(),
  );

  it(
    'does not preselect it for a single calculation opened with it as the target',
    async () => {
      const sent = serve();
      const asked = calculationsOn(1, 1);
      renderApp('/migrations?calculation=11&to=1', { signedInAs: mandantAdmin });
      await screen.findByTestId('migration-in-use');
      expect(asked).toContainEqual({ id: 11 });
      expect(screen.getByRole('button', { name: 'Vorschau erstellen' })).toBeDisabled();
      expect(sent.previews).toEqual([]);
    },
    60_000 * slowdown(),
  );
});

describe('offering migrations where calculations are', () => {
  beforeEach(seedCalculations);
  const olderCalculation = (): CalculationRecord =>
    calculationRecord(
      8,
      'flyer',
      {
        title: 'Sommerflyer',
        quantity: 5000,
        format: 'A5',
        paper: 'paper_virgin',
        grammage: 135,
        spoilage_pct: 5,
        energy_kwh_per_1000: 2.5,
        electricity: 'electricity_de_grid',
      },
      { database_id: 1 },
    );

  it(
    'offers, in the calculations list, to migrate every calculation of the filter on an older database',
    async () => {
      const counted: string[] = [];
      server.use(
        http.get(`${API}/calculations`, ({ request }) => {
          const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as {
            database_id?: number[];
          };
          if (filter.database_id) {
            counted.push(JSON.stringify(filter));
            return HttpResponse.json([olderCalculation()], { headers: { 'Content-Range': 'calculations 0-0/1234' } });
          }
          return HttpResponse.json([olderCalculation()], { headers: { 'Content-Range': 'calculations 0-0/1' } });
        }),
      );
      renderApp('/calculations/product', { signedInAs: editor });
      const offer = await screen.findByTestId('migrate-filter');
      expect(offer).toHaveTextContent('1234 Kalkulationen auf Demo factors 2025 (2025) migrieren');
      // Only the count of the filter's calculations on an older database was asked for, not their ids.
      expect(JSON.parse(counted.at(-1)!)).toEqual({ template_type: 'product', database_id: [1] });
      const target = new URL(offer.getAttribute('href')!, window.location.origin);
      expect(target.pathname).toBe('/migrations');
      expect(JSON.parse(target.searchParams.get('filter')!)).toEqual({ template_type: 'product' });
      expect(target.searchParams.get('to')).toBe('2');
    },
    60_000 * slowdown(),
  );

  it(
    'past the count cap, the offer and the list say "more than 10,000" instead of a number',
    async () => {
      server.use(
        // A full page (25) and no total: the server's answer past the count cap.
        http.get(`${API}/calculations`, () =>
          HttpResponse.json(
            Array.from({ length: 25 }, (_, i) => ({ ...olderCalculation(), id: 100 + i, number: `K-2026-${100 + i}` })),
            {
              headers: { 'Content-Range': 'calculations 0-24/*' },
            },
          ),
        ),
      );
      renderApp('/calculations/product', { signedInAs: editor });
      const offer = await screen.findByTestId('migrate-filter');
      expect(offer).toHaveTextContent('Mehr als 10.000 Kalkulationen auf Demo factors 2025 (2025) migrieren');
      expect(await screen.findByText('1–25 von mehr als 10.000')).toBeInTheDocument();
    },
    60_000 * slowdown(),
  );

  it(
    "offers on a calculation's page to migrate it to the newer database",
    async () => {
      putCalculation(olderCalculation());
      renderApp('/edit/8', { signedInAs: editor });
      const hint = await screen.findByTestId('database-version-hint');
      expect(hint).toHaveTextContent(
        'Berechnet mit Demo factors 2024 (2024) – eine neuere Version ist veröffentlicht: Demo factors 2025 (2025).',
      );
      expect(within(hint).getByRole('link', { name: 'Migrieren' })).toHaveAttribute(
        'href',
        '/migrations?calculation=8&to=2',
      );
      expect(screen.queryByTestId('template-version-hint')).toBeNull();
    },
    60_000 * slowdown(),
  );

  it(
    "offers on a calculation's page to carry it over to a newer template version",
    async () => {
      const flyer = templateRecords.find((record) => record.id === 'flyer')!;
      putCalculation({ ...olderCalculation(), database_id: 2 });
      server.use(
        http.get(`${API}/templates/flyer`, () =>
          HttpResponse.json({
            ...flyer,
            version: flyer.version + 1,
            definition: { ...flyer.definition, version: flyer.version + 1 },
          }),
        ),
      );
      renderApp('/edit/8', { signedInAs: editor });
      const hint = await screen.findByTestId('template-version-hint');
      expect(hint).toHaveTextContent(
        `Erstellt mit Version ${flyer.version} der Vorlage „${flyer.label}“ – Version ${flyer.version + 1} ist veröffentlicht.`,
      );
      expect(within(hint).getByRole('link', { name: 'Auf Version 2 umstellen' })).toHaveAttribute(
        'href',
        '/migrations?calculation=8&template=flyer',
      );
    },
    60_000 * slowdown(),
  );
});

describe('a migration preview that changes nothing (issue #18 item 7)', () => {
  it(
    'disables "Apply" with its reason beside it when no calculation is affected',
    async () => {
      const empty: FactorMigrationRecord = {
        ...preview,
        summary: { count: 0, excluded: 0, total_before: 0, total_after: 0, difference: 0, percent: 0 },
      };
      const sent = serve({ answer: empty });
      const { user } = renderApp('/migrations', { signedInAs: mandantAdmin });
      const card = await createPreview(user);
      const apply = within(card).getByRole('button', { name: 'Anwenden' });
      expect(apply).toBeDisabled();
      expect(apply).toHaveAccessibleDescription('Keine Kalkulation betroffen: Es gibt nichts anzuwenden.');
      expect(within(card).getByTestId('migration-apply-reason')).toBeVisible();
      expect(sent.steps).toEqual([]);
    },
    60_000 * slowdown(),
  );

  it(
    'offers "Apply" without a reason when calculations are affected',
    async () => {
      serve();
      const { user } = renderApp('/migrations', { signedInAs: mandantAdmin });
      const card = await createPreview(user);
      expect(within(card).getByRole('button', { name: 'Anwenden' })).toBeEnabled();
      expect(within(card).queryByTestId('migration-apply-reason')).toBeNull();
    },
    60_000 * slowdown(),
  );
});
