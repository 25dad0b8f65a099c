/** The machines screen: the current set's machines with their figures, and a machine recorded by a mandant admin. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MachineRecord, MachineSetRecord } from '../../../src/core/api';
import type { Row } from '../../../src/mocks/store';
import { editor, mandantAdmin, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import { chooseListFilter } from '../listFilters';
import { NO_MARKET_OR_SITE } from '../../support/machine-set';

const stamp = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', version: 1 };
const published: MachineSetRecord = {
  id: 4,
  mandant_id: 1,
  name: 'Muster machines',
  version_label: '2025',
  status: 'published',
  based_on_id: null,
  current: true,
  electricity_factor: 0.4,
  electricity_supplier: 'Stadtwerke',
  electricity_source: 'Contract',
  electricity_year: 2025,
  electricity_region: 'DE',
  ...NO_MARKET_OR_SITE,
  published_at: '2026-01-01T00:00:00Z',
  ...stamp,
};
const draft: MachineSetRecord = {
  ...published,
  id: 5,
  version_label: '2026',
  status: 'draft',
  current: false,
  based_on_id: 4,
  published_at: null,
};
const press: MachineRecord = {
  id: 11,
  mandant_id: 1,
  set_id: 4,
  key: 'sm-102',
  kind: 'press',
  name: 'Speedmaster',
  ...stamp,
  figures: {
    power_kw: { value: 90.5, source: 'Meter', year: 2025 },
    speed_sheets_per_hour: { value: 13000, source: 'Data sheet', year: 2024 },
  },
};

/**
 * The two sets and a machine in the shared handlers' store, which list them by the screen's filters (`current`,
 * `status`, `set_id`) and answer a new machine; returns the machine lists' filters and what a save sent.
 */
function serveMachines() {
  for (const set of [draft, published]) store.table('machine-sets').set(String(set.id), set as unknown as Row);
  store.table('machines').set(String(press.id), press as unknown as Row);
  const lists = spy('get', '/machines');
  const saves = spy('post', '/machines');
  return {
    get filters(): unknown[] {
      return lists.queries.map((query) => JSON.parse(new URLSearchParams(query).get('filter') ?? '{}') as unknown);
    },
    posts: saves.bodies,
  };
}

describe('machines screen', () => {
  it('lists the current machine set’s machines with their figures in the reader’s number format', async () => {
    const sent = serveMachines();
    renderApp('/machines', { signedInAs: editor });
    const row = (await screen.findByText('Speedmaster')).closest('tr')!;
    expect(within(row).getByText('Offsetdruckmaschine')).toBeInTheDocument();
    expect(within(row).getByText('90,5')).toHaveAttribute('title', 'Meter');
    expect(within(row).getByText('13.000')).toBeInTheDocument();
    expect(sent.filters.some((filter) => (filter as { set_id?: number }).set_id === 4)).toBe(true);
    // Editors read; only the mandant's admins record machines.
    expect(screen.queryByRole('link', { name: 'Erstellen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Versionen und Stromvertrag' })).toBeInTheDocument();
  });

  it('filters the machines by kind through "Filter hinzufügen"', { timeout: 60_000 }, async () => {
    const sent = serveMachines();
    const { user } = renderApp('/machines', { signedInAs: editor });
    await screen.findByText('Speedmaster');
    await chooseListFilter(user, 'Art', 'Digitaldruckmaschine');
    await waitFor(() => expect(sent.filters.at(-1)).toMatchObject({ kind: 'digital' }));
  });

  it('lets a mandant admin record a machine with a sourced figure in a draft set', { timeout: 90_000 }, async () => {
    const sent = serveMachines();
    const { posts } = sent;
    const { user } = renderApp('/machines/create', { signedInAs: mandantAdmin });
    // The first render loads the create page's chunk: slow in jsdom on a busy machine.
    const setSelect = await screen.findByRole('combobox', { name: /Maschinenpark/ }, { timeout: 30_000 });
    await user.click(setSelect);
    await user.click(await screen.findByRole('option', { name: 'Muster machines 2026' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Stahlfolder');
    await user.type(screen.getByRole('textbox', { name: /^Kürzel/ }), 'folder-2');
    await user.click(screen.getByRole('combobox', { name: /^Art/ }));
    await user.click(await screen.findByRole('option', { name: 'Weiterverarbeitung' }));
    const values = screen.getAllByRole('textbox', { name: /^Wert/ });
    await user.type(values[0]!, '7,5');
    const source = screen.getAllByRole('textbox', { name: /^Quelle/ })[0]!;
    // The source takes the row's room (it was squeezed to 24 px), and the units are in words (issue #35 item 6).
    expect(source.closest('.MuiFormControl-root')).toHaveClass('MuiFormControl-fullWidth');
    expect(screen.getByText('Bogen/h')).toBeInTheDocument();
    expect(screen.queryByText('sheets/h')).toBeNull();
    await user.type(source, 'Typenschild');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      set_id: 5,
      name: 'Stahlfolder',
      key: 'folder-2',
      kind: 'finishing',
      figures: { power_kw: { value: 7.5, source: 'Typenschild', year: null } },
    });
    // Back on the list of the set the machine was saved in, not the current one.
    await waitFor(() => expect(sent.filters.at(-1)).toEqual({ set_id: 5 }));
  });
});
