import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser, StatisticName, StatisticsResult } from '../../../src/core/api';
import { chartPoints, chartSpec } from '../../../src/client/statistics/chartData';
import { answerStatistics, editor } from '../mockServer';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

const providerAdmin: SessionUser = {
  id: 1,
  email: 'admin@kontor.example',
  name: 'Paula Provider',
  role: 'provider_admin',
  language: 'de',
  mandant_id: null,
  mandant_name: null,
};

function result(name: StatisticName, partial: Partial<StatisticsResult>): StatisticsResult {
  return { name, from: '2026-01-01', to: '2026-12-31', mandant_id: 1, columns: [], rows: [], ...partial };
}

const FIXTURES: Partial<Record<StatisticName, StatisticsResult>> = {
  overview: result('overview', {
    columns: [
      { key: 'calculations', unit: 'count' },
      { key: 'co2e_kg', unit: 'kg_co2e' },
      { key: 'offset_kg', unit: 'kg_co2e' },
      { key: 'offset_share', unit: 'percent' },
      { key: 'open_orders', unit: 'count' },
    ],
    rows: [{ calculations: 4, co2e_kg: 12345.5, offset_kg: 150, offset_share: 41.58, open_orders: 2 }],
  }),
  co2e_by_month: result('co2e_by_month', {
    columns: [
      { key: 'month', unit: null },
      { key: 'calculations', unit: 'count' },
      { key: 'co2e_kg', unit: 'kg_co2e' },
    ],
    rows: [
      { month: '2026-01', calculations: 2, co2e_kg: 1500.75 },
      { month: '2026-02', calculations: 0, co2e_kg: 0 },
    ],
  }),
  co2e_by_customer: result('co2e_by_customer', {
    columns: [
      { key: 'customer', unit: null },
      { key: 'calculations', unit: 'count' },
      { key: 'co2e_kg', unit: 'kg_co2e' },
    ],
    rows: [
      { customer: null, calculations: 1, co2e_kg: 200 },
      { customer: 'Verlag Nord', calculations: 3, co2e_kg: 50.25 },
    ],
  }),
  orders: result('orders', {
    columns: [
      { key: 'status', unit: null },
      { key: 'currency', unit: null },
      { key: 'orders', unit: 'count' },
      { key: 'offset_kg', unit: 'kg_co2e' },
      { key: 'value_minor', unit: 'money_minor' },
    ],
    rows: [{ status: 'placed', currency: 'EUR', orders: 1, offset_kg: 100, value_minor: 123456 }],
  }),
  by_channel: result('by_channel', {
    columns: [
      { key: 'channel', unit: null },
      { key: 'calculations', unit: 'count' },
      { key: 'co2e_kg', unit: 'kg_co2e' },
      { key: 'orders', unit: 'count' },
      { key: 'offset_kg', unit: 'kg_co2e' },
    ],
    rows: [
      {
        channel: 'Back-Office',
        channel_key: 'back-office',
        calculations: 40,
        co2e_kg: 9800.4,
        orders: 3,
        offset_kg: 4000,
      },
      {
        channel: 'Shop-Rechner „Muster Webshop“',
        channel_key: 'storefront:7',
        calculations: 12,
        co2e_kg: 2545.1,
        orders: 5,
        offset_kg: 1200,
      },
    ],
  }),
};

/** The fixtures in the shared handlers' store (other statistics empty); `queries` are the query strings asked. */
function serveStatistics(fixtures = FIXTURES) {
  const sent = answerStatistics([editor, providerAdmin], fixtures, [
    { key: 'tag', unit: null },
    { key: 'co2e_kg', unit: 'kg_co2e' },
  ]);
  return {
    get queries() {
      return sent.queries.map((query) => new URLSearchParams(query));
    },
  };
}

describe('statistics page', () => {
  it(
    'shows every statistic as a table with figures in the user’s locale, empty ones as an empty state',
    async () => {
      const sent = serveStatistics();
      renderApp('/statistics', { signedInAs: editor });

      // The first render loads the page's chunk (with the charts library): slow in jsdom on a busy machine.
      const month = await screen.findByRole('table', { name: 'Berechnete kg CO₂e pro Monat' }, { timeout: 30_000 });
      const rows = within(month).getAllByRole('row');
      expect(within(rows[0]!).getByText('Monat')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('Jan. 2026')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('1.501')).toBeInTheDocument();

      const customers = await screen.findByRole('table', { name: 'kg CO₂e nach Kunde' });
      expect(within(customers).getByText('Ohne Kunde')).toBeInTheDocument();
      expect(within(customers).getByText('50,3')).toBeInTheDocument();

      // Money is labelled as money (its currency in every cell), not as "smallest currency unit"; the title says what the
      // card holds; statuses in the reader's words.
      const orders = await screen.findByRole('table', { name: 'Bestellungen nach Status' });
      expect(
        within(orders)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Status', 'Währung', 'Bestellungen', 'Kalkulationen mit Klimabeitrag (kg CO₂e)', 'Wert']);
      expect(within(orders).getByText('Aufgegeben')).toBeInTheDocument();
      expect(within(orders).getByText('1.234,56 €')).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/kleinste Währungseinheit|Anzahl und Wert/);

      const overview = await screen.findByTestId('statistics-overview');
      expect(within(overview).getByText('12.346')).toBeInTheDocument();
      expect(within(overview).getByText('41,6 %')).toBeInTheDocument();

      // A statistic without rows: the empty state, no table and no download.
      const tags = screen.getByTestId('statistic-co2e_by_tag');
      expect(within(tags).getByText('Keine Daten in diesem Zeitraum.')).toBeInTheDocument();
      expect(within(tags).queryByRole('table')).toBeNull();
      expect(within(tags).queryByRole('button', { name: 'CSV herunterladen' })).toBeNull();
      expect(
        within(screen.getByTestId('statistic-co2e_by_month')).getByRole('button', { name: 'CSV herunterladen' }),
      ).toBeInTheDocument();

      const year = new Date().getFullYear();
      await waitFor(() => expect(sent.queries.length).toBeGreaterThanOrEqual(10));
      expect(sent.queries.every((q) => q.get('from') === `${year}-01-01` && q.get('to') === `${year}-12-31`)).toBe(
        true,
      );
      // Mandant users never name a mandant: the server answers with their own.
      expect(sent.queries.some((q) => q.has('mandant_id'))).toBe(false);
    },
    60_000 * slowdown(),
  );

  it(
    'labels each chart with what it plots: the orders chart counts orders per status, the others kg CO₂e',
    async () => {
      const ordersResult = result('orders', {
        columns: FIXTURES.orders!.columns,
        rows: [
          { status: 'placed', currency: 'EUR', orders: 3, offset_kg: 100, value_minor: 123456 },
          { status: 'placed', currency: 'CHF', orders: 2, offset_kg: 700, value_minor: 500 },
          { status: 'completed', currency: 'EUR', orders: 1, offset_kg: 50, value_minor: 75 },
        ],
      });
      serveStatistics({ ...FIXTURES, orders: ordersResult });
      renderApp('/statistics', { signedInAs: editor });
      const orders = await screen.findByTestId('statistic-orders', {}, { timeout: 30_000 });
      const chart = await within(orders).findByTestId('statistic-chart');
      expect(chart).toHaveAttribute('data-value', 'orders');
      expect(chart).toHaveAccessibleName('Bestellungen nach Status: Bestellungen');
      // One bar per status, the currencies added up: 5 orders placed, 1 completed.
      const spec = chartSpec(ordersResult)!;
      expect(spec.value.key).toBe('orders');
      expect(chartPoints(ordersResult, spec)).toEqual([
        { category: 'placed', value: 5 },
        { category: 'completed', value: 1 },
      ]);
      const month = within(screen.getByTestId('statistic-co2e_by_month')).getByTestId('statistic-chart');
      expect(month).toHaveAttribute('data-value', 'co2e_kg');
      expect(month).toHaveAccessibleName('Berechnete kg CO₂e pro Monat: kg CO₂e');
    },
    60_000 * slowdown(),
  );

  it(
    'splits the figures by channel: the back office beside each storefront, charted by kg CO₂e',
    async () => {
      serveStatistics();
      renderApp('/statistics', { signedInAs: editor });
      const table = await screen.findByRole(
        'table',
        { name: 'Nach Kanal: Back-Office und Shop-Rechner' },
        { timeout: 30_000 },
      );
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Kanal', 'Kalkulationen', 'kg CO₂e', 'Bestellungen', 'Kalkulationen mit Klimabeitrag (kg CO₂e)']);
      const rows = within(table).getAllByRole('row');
      expect(within(rows[1]!).getByText('Back-Office')).toBeInTheDocument();
      expect(within(rows[2]!).getByText('Shop-Rechner „Muster Webshop“')).toBeInTheDocument();
      expect(within(rows[2]!).getByText('12')).toBeInTheDocument();
      // A row's counts open the lists filtered by its channel (react-admin's list URL), described for the reader.
      const listUrl = (list: string, channel: string) =>
        `/${list}?filter=${encodeURIComponent(JSON.stringify({ channel }))}`;
      expect(
        within(rows[2]!).getByRole('link', { description: 'Kalkulationen aus „Shop-Rechner „Muster Webshop““ zeigen' }),
      ).toHaveAttribute('href', listUrl('calculations', 'storefront:7'));
      expect(
        within(rows[1]!).getByRole('link', { description: 'Bestellungen aus „Back-Office“ zeigen' }),
      ).toHaveAttribute('href', listUrl('orders', 'back-office'));
      expect(within(rows[1]!).getAllByRole('link')).toHaveLength(2);
      const chart = within(screen.getByTestId('statistic-by_channel')).getByTestId('statistic-chart');
      expect(chart).toHaveAttribute('data-value', 'co2e_kg');
      expect(chartPoints(FIXTURES.by_channel!, chartSpec(FIXTURES.by_channel!)!)).toEqual([
        { category: 'Back-Office', value: 9800.4 },
        { category: 'Shop-Rechner „Muster Webshop“', value: 2545.1 },
      ]);
    },
    60_000 * slowdown(),
  );

  it('shows the empty state for a range without data and asks again when the range changes', async () => {
    const sent = serveStatistics({});
    renderApp('/statistics?from=2001-01-01&to=2001-12-31', { signedInAs: editor });
    // Ten statistics besides the overview (the split by channel, issue 39, is the tenth).
    await waitFor(() => expect(screen.getAllByText('Keine Daten in diesem Zeitraum.')).toHaveLength(10));
    expect(screen.queryByRole('table')).toBeNull();
    expect(sent.queries.every((q) => q.get('from') === '2001-01-01')).toBe(true);
  });

  it('warns about a range whose start is after its end instead of asking the server', async () => {
    const sent = serveStatistics();
    renderApp('/statistics?from=2026-05-01&to=2026-01-01', { signedInAs: editor });
    expect(await screen.findByText('Das Startdatum liegt nach dem Enddatum.')).toBeInTheDocument();
    expect(sent.queries.filter((q) => q.get('from') === '2026-05-01')).toHaveLength(0);
  });

  it(
    'lets provider admins pick a mandant',
    async () => {
      const sent = serveStatistics();
      const { user } = renderApp('/statistics', { signedInAs: providerAdmin });
      const picker = await screen.findByRole('combobox', { name: 'Mandant' }, { timeout: 30_000 });
      expect(picker).toHaveTextContent('Alle Mandanten');
      await user.click(picker);
      await user.click(await screen.findByRole('option', { name: 'Druckerei Muster' }));
      await waitFor(() => expect(sent.queries.some((q) => q.get('mandant_id') === '1')).toBe(true));
    },
    60_000 * slowdown(),
  );
});
