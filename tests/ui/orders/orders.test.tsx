/** Ordering offsets in the browser (msw mocks): project choice, quote in the user's locale, review, role-dependent actions. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OrderRecord, SessionUser } from '../../../src/core/api';
import type { Row } from '../../../src/mocks/store';
import { API, editor, server, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import { serveProjects } from '../offsets.mock';
import { brochureInputs, calculationRecord, putCalculation } from '../calculations.mock';
import { slowdown } from '../../support/load';

const draft: OrderRecord = {
  id: 41,
  mandant_id: 1,
  number: 'B-2026-000041',
  project_id: 1,
  calculation_id: 7,
  collection_id: null,
  calculation_ids: [7],
  co2e_kg: 323.96298,
  tonnes_kg: 400,
  price_per_tonne_minor: 2450,
  total_minor: 980,
  currency: 'EUR',
  status: 'draft',
  certificate_number: null,
  registry_serials: null,
  issued_to: 'Druckerei Muster GmbH',
  created_by: 3,
  placed_at: null,
  completed_at: null,
  channel: null,
  channel_reference: null,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  version: 1,
};

/**
 * Projects, the calculation and `orders` in the shared handlers' store, which quotes, shows and steps orders through
 * their lifecycle; only the creation is this file's own (it answers the `draft` fixture). `posted` and `transitions`
 * collect what the app sent.
 */
function serveOrders(orders: OrderRecord[], posted: unknown[] = [], transitions: string[] = []) {
  serveProjects();
  // The mandant orders in steps of 0.1 t.
  const mandant = store.table('mandants').get('1')!;
  store.table('mandants').set('1', { ...mandant, settings: { offset_rounding_t: 0.1 } });
  putCalculation({ ...calculationRecord(7, 'brochure', brochureInputs), total_co2e: 323.96298 });
  const table = store.table('orders');
  for (const order of orders) table.set(String(order.id), order as unknown as Row);
  server.use(
    http.post(`${API}/orders`, async ({ request }) => {
      posted.push(await request.json());
      table.set(String(draft.id), draft as unknown as Row);
      return HttpResponse.json(draft, { status: 201 });
    }),
    http.post(`${API}/orders/:id/:transition`, ({ params }) => {
      transitions.push(String(params.transition));
      // No answer: the shared handlers step the order.
    }),
  );
}

describe('ordering a CO2 offset contribution', () => {
  it(
    'shows tonnes and price in the user locale, reviews without saving, and creates the order only when placed',
    async () => {
      const posted: unknown[] = [];
      const transitions: string[] = [];
      serveOrders([draft], posted, transitions);
      const { user } = renderApp('/orders/new?calculation=7', { signedInAs: editor });

      // The first render of the file loads the order page's chunk: slow in jsdom on a busy machine.
      expect(
        await screen.findByText('Für die Kalkulation K-2026-000007 · Frühjahrskatalog', {}, { timeout: 30_000 }),
      ).toBeInTheDocument();
      await user.click(await screen.findByTestId('choose-project-1'));
      const table = await screen.findByTestId('order-quote');
      expect(within(table).getByTestId('quote-tonnes')).toHaveTextContent(/^0,4\st CO₂e$/);
      expect(within(table).getByTestId('quote-total')).toHaveTextContent(/^9,80\s€ zzgl\.\sMwSt\.$/);
      expect(within(table).getByText(/24,50\s€/)).toBeInTheDocument();
      expect(within(table).getByText('aufgerundet auf ganze 0,1 t')).toBeInTheDocument();
      // The claim notice (issue 33, item 6: a financial contribution, never netted against the footprint).
      expect(screen.getByText(/Er wird vom CO₂-Fußabdruck nicht abgezogen/)).toBeInTheDocument();

      // Another project: the quote follows.
      await user.click(screen.getByTestId('choose-project-2'));
      await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent(/^4,80\s€ zzgl\.\sMwSt\.$/));

      await user.clear(screen.getByLabelText('Ausgestellt für'));
      await user.type(screen.getByLabelText('Ausgestellt für'), 'Druckerei Muster GmbH');
      await user.click(screen.getByTestId('order-review'));

      // The review step creates nothing (issue #35): it shows the quote, and only placing the order sends it.
      const review = await screen.findByTestId('order-review-step');
      expect(within(review).getByTestId('quote-total')).toHaveTextContent(/^4,80\s€ zzgl\.\sMwSt\.$/);
      expect(within(review).getByTestId('review-issued-to')).toHaveTextContent('Druckerei Muster GmbH');
      expect(screen.queryByTestId('choose-project-1')).not.toBeInTheDocument();
      expect(posted).toEqual([]);
      expect(transitions).toEqual([]);
      // "Change" goes back to the choice, still without sending anything.
      await user.click(within(review).getByTestId('order-change'));
      await user.click(await screen.findByTestId('order-review'));
      expect(posted).toEqual([]);

      await user.click(await screen.findByTestId('order-place'));
      await waitFor(() =>
        expect(posted).toEqual([{ project_id: 2, calculation_id: 7, issued_to: 'Druckerei Muster GmbH' }]),
      );
      await waitFor(() => expect(transitions).toEqual(['place']));
      // The placed order opens.
      expect(await screen.findByTestId('order-number')).toHaveTextContent('Bestellung B-2026-000041');
      expect(screen.getByTestId('order-total')).toHaveTextContent(/^9,80\s€ zzgl\.\sMwSt\.$/);
    },
    60_000 * slowdown(),
  );

  it('offers each role only its transitions and the certificate once completed', async () => {
    const completed: OrderRecord = {
      ...draft,
      id: 42,
      status: 'completed',
      certificate_number: 'KC-2026-000042',
      completed_at: '2026-03-05T10:00:00Z',
    };
    const placed: OrderRecord = { ...draft, id: 43, status: 'placed', placed_at: '2026-03-02T10:00:00Z' };
    serveOrders([completed, placed]);
    renderApp('/orders/42', { signedInAs: editor });
    expect(await screen.findByTestId('certificate-number')).toHaveTextContent('KC-2026-000042');
    expect(screen.getByTestId('download-certificate')).toBeInTheDocument();
    expect(screen.getByTestId('download-confirmation')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-actions')).queryByTestId('order-cancel')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-mandant')).not.toBeInTheDocument();
  });

  it('says after ordering who completes the order and when the certificate comes (issue #35)', async () => {
    const placed: OrderRecord = { ...draft, id: 43, status: 'placed', placed_at: '2026-03-02T10:00:00Z' };
    serveOrders([placed]);
    renderApp('/orders/43', { signedInAs: editor });
    const next = await screen.findByTestId('order-next-steps');
    expect(next).toHaveTextContent(/bestätigt die Bestellung und schließt sie ab/);
    expect(next).toHaveTextContent(/Mit dem Abschluss wird das Zertifikat ausgestellt/);
  });

  it('asks before completing an order, since that issues the certificate and cannot be undone', async () => {
    const confirmed: OrderRecord = { ...draft, id: 44, status: 'confirmed', placed_at: '2026-03-02T10:00:00Z' };
    const transitions: string[] = [];
    serveOrders([confirmed], [], transitions);
    const provider: SessionUser = {
      ...editor,
      id: 1,
      email: 'admin@kontor.example',
      role: 'provider_admin',
      mandant_id: null,
      mandant_name: null,
    };
    const { user } = renderApp('/orders/44', { signedInAs: provider });
    await user.click(await screen.findByTestId('order-complete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Bestellung B-2026-000041 abschließen?');
    expect(dialog).toHaveTextContent('Damit wird das Zertifikat ausgestellt.');
    expect(transitions).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(transitions).toEqual(['complete']));
  });

  it('records the registry serial numbers typed when completing, for the certificate', async () => {
    const confirmed: OrderRecord = { ...draft, id: 44, status: 'confirmed', placed_at: '2026-03-02T10:00:00Z' };
    serveOrders([confirmed]);
    const { bodies } = spy('post', '/orders/44/complete');
    const provider: SessionUser = {
      ...editor,
      id: 1,
      email: 'admin@kontor.example',
      role: 'provider_admin',
      mandant_id: null,
      mandant_name: null,
    };
    const { user } = renderApp('/orders/44', { signedInAs: provider });
    await user.click(await screen.findByTestId('order-complete'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('order-registry-serials'), 'VCS-1234-2026-0001 bis 0004');
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(bodies).toEqual([{ registry_serials: 'VCS-1234-2026-0001 bis 0004' }]));
  });

  it('shows a provider admin the confirm step of a placed order, not the place step', async () => {
    const placed: OrderRecord = { ...draft, id: 43, status: 'placed', placed_at: '2026-03-02T10:00:00Z' };
    serveOrders([placed]);
    const provider: SessionUser = {
      ...editor,
      id: 1,
      email: 'admin@kontor.example',
      role: 'provider_admin',
      mandant_id: null,
      mandant_name: null,
    };
    renderApp('/orders/43', { signedInAs: provider });
    expect(await screen.findByTestId('order-confirm')).toBeInTheDocument();
    expect(screen.getByTestId('order-cancel')).toBeInTheDocument();
    expect(screen.queryByTestId('order-place')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-complete')).not.toBeInTheDocument();
    expect(await screen.findByTestId('order-mandant')).toHaveTextContent('Druckerei Muster');
  });

  it("names each order's mandant in a provider admin's list, and not in a mandant user's", async () => {
    const placed: OrderRecord = { ...draft, id: 43, status: 'placed', placed_at: '2026-03-02T10:00:00Z' };
    serveOrders([placed]);
    const provider: SessionUser = {
      ...editor,
      id: 1,
      email: 'admin@kontor.example',
      role: 'provider_admin',
      mandant_id: null,
      mandant_name: null,
    };
    const { unmount } = renderApp('/orders', { signedInAs: provider });
    const list = await screen.findByTestId('orders-list');
    expect(await within(list).findByText('Druckerei Muster')).toBeInTheDocument();
    expect(within(list).getByRole('columnheader', { name: 'Mandant' })).toBeInTheDocument();
    unmount();

    renderApp('/orders', { signedInAs: editor });
    const own = await screen.findByTestId('orders-list');
    await within(own).findByText('B-2026-000041');
    expect(within(own).queryByRole('columnheader', { name: 'Mandant' })).toBeNull();
  });
});

describe('ordering refused before any step is taken (issue #18 item 7)', () => {
  it('tells a viewer at once that ordering is not theirs, without projects to pick', async () => {
    const posted: unknown[] = [];
    serveOrders([draft], posted);
    renderApp('/orders/new?calculation=7', { signedInAs: { ...editor, role: 'viewer' } });
    expect(await screen.findByTestId('order-not-allowed')).toHaveTextContent(
      'Ihre Rolle darf keine Klimabeiträge bestellen',
    );
    expect(screen.queryByTestId('choose-project-1')).toBeNull();
    expect(screen.queryByText('1. Projekt wählen')).toBeNull();
  });

  it('says before a project is picked that a collection has nothing open to offset', async () => {
    serveOrders([draft]);
    store.table('collections').set('5', {
      id: 5,
      mandant_id: 1,
      name: 'Bestellt',
      description: '',
      tags: [],
      created_by: 3,
      created_at: '2026-03-01T10:00:00Z',
      updated_at: '2026-03-01T10:00:00Z',
      version: 1,
      calculation_ids: [7],
      calculation_count: 1,
      total_co2e: 100,
      ordered_co2e: 100,
      open_co2e: 0,
    });
    renderApp('/orders/new?collection=5', { signedInAs: editor });
    expect(await screen.findByTestId('order-unavailable')).toHaveTextContent(
      'Nichts offen: Für alle Kalkulationen ist bereits ein Klimabeitrag bestellt',
    );
    expect(screen.queryByTestId('choose-project-1')).toBeNull();
  });
});
