/**
 * Orders from the shop in the back office (issue 39): the calculations and orders lists name each record's channel
 * (the back office, or the storefront with the shop's reference) and filter by it; a calculation's and an order's page
 * name it too. Every reader reads each storefront of the mandant by name, and the filter offers them all.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { brochureInputs, calculationRecord, putCalculation, putRecords, seedCalculations } from '../calculations.mock';
import { orderRecord, serveProjects, storefrontRecord } from '../offsets.mock';
import { editor, mandantAdmin, spy } from '../mockServer';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

const SLOW = 60_000;
const SHOP = { channel: 'storefront:7', channel_reference: 'SO-4711' };
const filterUrl = (path: string, filter: Record<string, unknown>) =>
  `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const sentFilters = (sent: ReturnType<typeof spy>) =>
  sent.queries.map((query) => JSON.parse(new URLSearchParams(query).get('filter') ?? '{}') as Record<string, unknown>);

beforeEach(() => {
  seedCalculations();
  serveProjects();
  putRecords('storefronts', [storefrontRecord(7)]);
  putCalculation(calculationRecord(9, 'flyer', { ...brochureInputs, title: 'Shopflyer' }, { ...SHOP, frozen: true }));
  putRecords('orders', [orderRecord(51), orderRecord(52, { ...SHOP, calculation_id: 9, calculation_ids: [9] })]);
});

describe('channels in the back office', () => {
  it('marks a shop’s calculation under its number, with no channel column', { timeout: SLOW }, async () => {
    renderApp('/calculations', { signedInAs: mandantAdmin });
    const table = await screen.findByTestId('calculations-table', {}, { timeout: 30_000 });
    const shopRow = (await within(table).findByText('Shopflyer')).closest('tr')!;
    // The storefront's name and the shop's reference, in the number's cell.
    const mark = within(shopRow).getByTestId('channel-mark');
    expect(within(mark).getByText('Muster Webshop')).toBeInTheDocument();
    expect(within(mark).getByText('SO-4711')).toBeInTheDocument();
    expect(mark.closest('td')).toHaveTextContent(/^K-\d{4}-\d+/);
    // A back-office row carries no mark, and the table no "Kanal" column that would read "Back-Office" in every row.
    const backOfficeRow = within(table).getByText('Frühjahrskatalog').closest('tr')!;
    expect(within(backOfficeRow).queryByTestId('channel-mark')).toBeNull();
    expect(within(table).queryByText('Back-Office')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: /Kanal/ })).toBeNull();
  });

  it(
    'lists only the storefront’s calculations, or only the back office’s, by the channel filter',
    { timeout: SLOW },
    async () => {
      const sent = spy('get', '/calculations');
      renderApp(filterUrl('/calculations', { channel: 'storefront:7' }), { signedInAs: mandantAdmin });
      const table = await screen.findByTestId('calculations-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('Shopflyer')).toBeInTheDocument();
      expect(within(table).queryByText('Frühjahrskatalog')).toBeNull();
      // The filter shows its choice by the storefront's name.
      const filter = await screen.findByRole('combobox', { name: 'Kanal' });
      await waitFor(() => expect(filter).toHaveTextContent('Shop-Rechner „Muster Webshop“'));
      await waitFor(() => expect(sentFilters(sent).some((f) => f.channel === 'storefront:7')).toBe(true));
    },
  );

  it('lists the back office’s calculations by its word for "no channel"', { timeout: SLOW }, async () => {
    renderApp(filterUrl('/calculations', { channel: 'back-office' }), { signedInAs: mandantAdmin });
    const table = await screen.findByTestId('calculations-table', {}, { timeout: 30_000 });
    expect(await within(table).findByText('Frühjahrskatalog')).toBeInTheDocument();
    expect(within(table).queryByText('Shopflyer')).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Kanal' })).toHaveTextContent('Back-Office');
  });

  it(
    'names a storefront by the name its rows carry to those who may not read the storefronts',
    { timeout: SLOW },
    async () => {
      const asked = spy('get', '/storefronts');
      renderApp('/calculations', { signedInAs: editor });
      const table = await screen.findByTestId('calculations-table', {}, { timeout: 30_000 });
      const shopRow = (await within(table).findByText('Shopflyer')).closest('tr')!;
      const mark = within(shopRow).getByTestId('channel-mark');
      expect(within(mark).getByText('Muster Webshop')).toBeInTheDocument();
      expect(within(mark).getByText('SO-4711')).toBeInTheDocument();
      // The name came with the row: an editor's client never asks for the storefronts.
      expect(asked.queries).toHaveLength(0);
    },
  );

  it(
    'keeps a storefront chosen by a link in the filter for those who may not read the storefronts',
    { timeout: SLOW },
    async () => {
      renderApp(filterUrl('/calculations', { channel: 'storefront:7' }), { signedInAs: editor });
      const table = await screen.findByTestId('calculations-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('Shopflyer')).toBeInTheDocument();
      expect(within(table).queryByText('Frühjahrskatalog')).toBeNull();
      const filter = await screen.findByRole('combobox', { name: 'Kanal' });
      await waitFor(() => expect(filter).toHaveTextContent('Shop-Rechner „Muster Webshop“'));
    },
  );

  it(
    'offers an editor every storefront of the mandant in the filter, by name, and none of another mandant',
    { timeout: SLOW * slowdown() },
    async () => {
      putRecords('storefronts', [
        storefrontRecord(7),
        storefrontRecord(8, { name: 'Zweitshop' }),
        storefrontRecord(9, { name: 'Printco Shop', mandant_id: 2 }),
      ]);
      const asked = spy('get', '/storefronts');
      const { user } = renderApp(filterUrl('/calculations', { channel: 'back-office' }), { signedInAs: editor });
      const filter = await screen.findByRole('combobox', { name: 'Kanal' }, { timeout: 30_000 * slowdown() });
      await user.click(filter);
      const listbox = await screen.findByRole('listbox');
      await waitFor(() =>
        expect(
          within(listbox)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual(expect.arrayContaining(['Back-Office', 'Shop-Rechner „Muster Webshop“', 'Shop-Rechner „Zweitshop“'])),
      );
      expect(within(listbox).queryByText(/Printco Shop/)).toBeNull();
      await user.click(within(listbox).getByRole('option', { name: 'Shop-Rechner „Zweitshop“' }));
      await waitFor(() => expect(filter).toHaveTextContent('Shop-Rechner „Zweitshop“'));
      // The choices came from the channel list every reader may read, not from the admins' storefronts resource.
      expect(asked.queries).toHaveLength(0);
    },
  );

  it('names the channel in the orders list and filters by it', { timeout: SLOW }, async () => {
    const sent = spy('get', '/orders');
    renderApp(filterUrl('/orders', { channel: 'storefront:7' }), { signedInAs: mandantAdmin });
    const list = await screen.findByTestId('orders-list', {}, { timeout: 30_000 });
    const row = (await within(list).findByText('B-2026-000052')).closest('tr')!;
    const mark = within(row).getByTestId('channel-mark');
    expect(within(mark).getByText('Muster Webshop')).toBeInTheDocument();
    expect(within(mark).getByText('SO-4711')).toBeInTheDocument();
    expect(within(list).queryByRole('columnheader', { name: /Kanal/ })).toBeNull();
    expect(within(list).queryByText('B-2026-000051')).toBeNull();
    await waitFor(() => expect(sentFilters(sent).some((f) => f.channel === 'storefront:7')).toBe(true));
  });

  it('lists the back office’s orders alone by the filter', { timeout: SLOW }, async () => {
    renderApp(filterUrl('/orders', { channel: 'back-office' }), { signedInAs: mandantAdmin });
    const list = await screen.findByTestId('orders-list', {}, { timeout: 30_000 });
    const row = (await within(list).findByText('B-2026-000051')).closest('tr')!;
    expect(within(row).queryByTestId('channel-mark')).toBeNull();
    expect(within(list).queryByText('B-2026-000052')).toBeNull();
  });

  it('names the channel and the shop’s reference on the order’s page', { timeout: SLOW }, async () => {
    renderApp('/orders/52', { signedInAs: mandantAdmin });
    expect(await screen.findByTestId('order-channel', {}, { timeout: 30_000 })).toHaveTextContent(
      'Shop-Rechner „Muster Webshop“ · SO-4711',
    );
  });

  it('names the storefront on an order’s page to a viewer of orders', { timeout: SLOW }, async () => {
    renderApp('/orders/52', { signedInAs: editor });
    expect(await screen.findByTestId('order-channel', {}, { timeout: 30_000 })).toHaveTextContent(
      'Shop-Rechner „Muster Webshop“ · SO-4711',
    );
  });

  it('names the channel and the shop’s reference on the calculation’s page', { timeout: SLOW }, async () => {
    renderApp('/edit/9', { signedInAs: mandantAdmin });
    expect(await screen.findByTestId('calculation-channel', {}, { timeout: 30_000 })).toHaveTextContent(
      'Kanal: Shop-Rechner „Muster Webshop“ · SO-4711',
    );
  });
});
