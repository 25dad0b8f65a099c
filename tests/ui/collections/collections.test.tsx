/**
 * The collections screens against a mocked API: the table/cards toggle is remembered across visits
 * (client state in localStorage), deleting asks first, and the calculations list's bulk action adds
 * the selected calculations to a collection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CollectionRecord } from '../../../src/core/api';
import type { Row } from '../../../src/mocks/store';
import { API, editor, server, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import { calculations, seedCalculations } from '../calculations.mock';
import { slowdown } from '../../support/load';

const SLOW = 60_000 * slowdown();
/** The first visit of a test file compiles the lazily loaded pages; later ones are quick. */
const FIRST = { timeout: 30_000 };

function collection(id: number, name: string, extra: Partial<CollectionRecord> = {}): CollectionRecord {
  return {
    id,
    mandant_id: 1,
    name,
    description: `Beschreibung ${name}`,
    tags: ['kampagne'],
    created_by: 3,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-02T10:00:00Z',
    version: 1,
    calculation_ids: [7],
    calculation_count: 1,
    total_co2e: 1234.5,
    ordered_co2e: 234.5,
    open_co2e: 1000,
    ...extra,
  };
}

let collections: CollectionRecord[] = [];
const requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  seedCalculations();
  collections = [
    collection(1, 'Frühjahrskampagne'),
    collection(2, 'Jahresbericht', {
      tags: [],
      calculation_ids: [],
      calculation_count: 0,
      total_co2e: 0,
      ordered_co2e: 0,
      open_co2e: 0,
    }),
  ];
  putCollections();
  requests.length = 0;
  // What the app changes in collections; the shared handlers answer.
  server.use(
    http.all(`${API}/collections/*`, async ({ request }) => {
      if (request.method === 'GET') return;
      const body = request.method === 'DELETE' ? null : await request.clone().json();
      requests.push({ method: request.method, path: new URL(request.url).pathname.replace(/^\/api/, ''), body });
    }),
  );
});

/** The collections in the shared handlers' store. */
function putCollections() {
  const table = store.table('collections');
  table.clear();
  for (const row of collections) table.set(String(row.id), row as unknown as Row);
}

describe('the collections list', () => {
  it(
    'switches between table and cards and remembers the choice for the next visit',
    async () => {
      const first = renderApp('/collections', { signedInAs: editor });
      const table = await screen.findByTestId('collections-table', {}, FIRST);
      expect(within(table).getByText('Frühjahrskampagne')).toBeInTheDocument();
      expect(screen.queryByTestId('collections-cards')).toBeNull();

      await first.user.click(screen.getByTestId('collections-view-cards'));
      const cards = await screen.findByTestId('collections-cards');
      expect(within(cards).getAllByTestId('collection-card')).toHaveLength(2);
      // The totals of the card, in German number format.
      expect(within(cards).getByText('1.235 kg CO₂e')).toBeInTheDocument();
      expect(window.localStorage.getItem('RaStoreKontor.collections.view')).toContain('cards');
      first.unmount();

      // A new visit (fresh app, same browser storage) opens with cards.
      renderApp('/collections', { signedInAs: editor });
      expect(await screen.findByTestId('collections-cards')).toBeInTheDocument();
      expect(screen.queryByTestId('collections-table')).toBeNull();
    },
    SLOW,
  );

  it(
    'deletes a collection only after the confirmation dialog',
    async () => {
      const { user } = renderApp('/collections', { signedInAs: editor });
      const table = await screen.findByTestId('collections-table', {}, FIRST);
      const row = within(table).getByText('Frühjahrskampagne').closest('tr')!;
      await user.click(within(row).getByTestId('collection-delete'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Sammlung „Frühjahrskampagne“ löschen?')).toBeInTheDocument();
      expect(requests).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(requests).toEqual([]);

      await user.click(within(row).getByTestId('collection-delete'));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Löschen' }));
      await waitFor(() => expect(requests).toEqual([{ method: 'DELETE', path: '/collections/1', body: null }]));
    },
    SLOW,
  );

  it(
    'hides the write actions from viewers',
    async () => {
      renderApp('/collections', { signedInAs: { ...editor, role: 'viewer' } });
      const table = await screen.findByTestId('collections-table', {}, FIRST);
      expect(within(table).getByText('Frühjahrskampagne')).toBeInTheDocument();
      expect(within(table).queryByTestId('collection-delete')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Neue Sammlung' })).toBeNull();
    },
    SLOW,
  );
});

describe('duplicating a collection', () => {
  it(
    'starts the form with the original, sends duplicated_from and says the collection was created',
    async () => {
      const posted = spy('post', '/collections');
      const { user } = renderApp('/collections/create?from=1', { signedInAs: editor });
      const name = await screen.findByRole('textbox', { name: /Name/ }, FIRST);
      await waitFor(() => expect(name).toHaveValue('Frühjahrskampagne (Kopie)'));
      expect(screen.getByRole('textbox', { name: 'Beschreibung' })).toHaveValue('Beschreibung Frühjahrskampagne');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(posted.bodies).toHaveLength(1));
      expect(posted.bodies[0]).toMatchObject({
        name: 'Frühjahrskampagne (Kopie)',
        duplicated_from: 1,
        calculation_ids: [7],
        tags: ['kampagne'],
      });
      await waitFor(() => expect(window.location.pathname).toBe('/collections/3'));
      // The toast names what was created, by name, not react-admin's generic "Element wurde erstellt".
      expect(await screen.findByText('Sammlung „Frühjahrskampagne (Kopie)“ angelegt')).toBeInTheDocument();
      expect(screen.queryByText('Element wurde erstellt')).toBeNull();
    },
    SLOW,
  );
});

describe('the "add to collection" bulk action of the calculations list', () => {
  /** Selects "Frühjahrskatalog" and "Sommerflyer" in the list and adds them to "Jahresbericht". */
  async function addTwoToJahresbericht() {
    const { user } = renderApp('/calculations', { signedInAs: editor });
    const table = await screen.findByTestId('calculations-table', {}, FIRST);
    await within(table).findByText('Frühjahrskatalog');
    for (const title of ['Frühjahrskatalog', 'Sommerflyer']) {
      await user.click(within(within(table).getByText(title).closest('tr')!).getByRole('checkbox'));
    }
    await user.click(await screen.findByTestId('bulk-add-to-collection'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: /Jahresbericht/ }));
    await user.click(within(dialog).getByTestId('add-to-collection-submit'));
  }

  it(
    'adds the selected calculations to the chosen collection',
    async () => {
      await addTwoToJahresbericht();
      await waitFor(() => expect(requests).toHaveLength(1));
      expect(requests[0]!.path).toBe('/collections/2/calculations');
      expect([...(requests[0]!.body as { ids: number[] }).ids].sort()).toEqual(calculations.map((c) => c.id).sort());
      expect(await screen.findByText('2 Kalkulationen zu „Jahresbericht“ hinzugefügt')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'counts only the calculations that were not in the collection yet',
    async () => {
      const first = calculations.find((c) => c.title === 'Frühjahrskatalog')!;
      collections[1] = { ...collections[1]!, calculation_ids: [first.id], calculation_count: 1 };
      putCollections();
      await addTwoToJahresbericht();
      expect(
        await screen.findByText('1 Kalkulation zu „Jahresbericht“ hinzugefügt; 1 war schon darin.'),
      ).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('create forms reached by their URL', () => {
  it(
    'tell a user without the right at once instead of showing a form the server would refuse',
    async () => {
      const viewer = { ...editor, role: 'viewer' as const };
      const first = renderApp('/collections/create', { signedInAs: viewer });
      expect(await screen.findByTestId('not-allowed', {}, FIRST)).toHaveTextContent('nicht berechtigt');
      expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
      first.unmount();

      const second = renderApp('/carbon-offset-projects/create', { signedInAs: editor });
      expect(await screen.findByTestId('not-allowed', {}, FIRST)).toBeInTheDocument();
      second.unmount();

      renderApp('/collections/create', { signedInAs: editor });
      expect(await screen.findByRole('button', { name: 'Speichern' }, FIRST)).toBeInTheDocument();
      expect(screen.queryByTestId('not-allowed')).toBeNull();
    },
    SLOW,
  );
});

describe('ordering offsets for a collection (issue #18 item 7)', () => {
  it(
    'disables ordering with its reason beside it when nothing is open, and offers it when something is',
    async () => {
      collections[0] = collection(1, 'Frühjahrskampagne', { ordered_co2e: 1234.5, open_co2e: 0 });
      putCollections();
      const first = renderApp('/collections/1', { signedInAs: editor });
      await screen.findByTestId('collection-page', {}, FIRST);
      expect(screen.getByTestId('collection-order')).toBeDisabled();
      expect(screen.getByTestId('collection-order')).toHaveAccessibleDescription(
        /Nichts offen: Für alle Kalkulationen ist bereits ein Klimabeitrag bestellt/,
      );
      expect(screen.getByTestId('collection-order-reason')).toHaveTextContent(
        'Für alle Kalkulationen ist bereits ein Klimabeitrag bestellt, oder sie ergeben 0 kg CO₂e.',
      );
      first.unmount();

      renderApp('/collections/2', { signedInAs: editor });
      await screen.findByTestId('collection-page', {}, FIRST);
      expect(screen.getByTestId('collection-order')).toBeDisabled();
      expect(screen.getByTestId('collection-order-reason')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'offers an open collection for ordering without a reason, and viewers no ordering at all',
    async () => {
      const first = renderApp('/collections/1', { signedInAs: editor });
      await screen.findByTestId('collection-page', {}, FIRST);
      expect(screen.getByTestId('collection-order')).toHaveAttribute('href', '/orders/new?collection=1');
      expect(screen.queryByTestId('collection-order-reason')).toBeNull();
      first.unmount();

      renderApp('/collections/1', { signedInAs: { ...editor, role: 'viewer' } });
      await screen.findByTestId('collection-page', {}, FIRST);
      expect(screen.queryByTestId('collection-order')).toBeNull();
    },
    SLOW,
  );
});

describe('removing a calculation from a collection (issue #35)', () => {
  it(
    'asks first, removes nothing on cancel, and says when the calculation is part of an order',
    async () => {
      const removed = spy('delete', '/collections/1/calculations');
      const { user } = renderApp('/collections/1', { signedInAs: editor });
      await screen.findByTestId('collection-page', {}, FIRST);
      const removeButton = await screen.findByRole('button', { name: /aus der Sammlung entfernen$/ });
      await user.click(removeButton);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/aus der Sammlung entfernen\?/)).toBeInTheDocument();
      expect(within(dialog).getByText(/bleibt erhalten/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(removed.bodies).toHaveLength(0);

      await user.click(removeButton);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Entfernen' }));
      await waitFor(() => expect(removed.bodies).toHaveLength(1));
      expect(removed.bodies[0]).toEqual({ ids: [7] });
    },
    SLOW,
  );
});
