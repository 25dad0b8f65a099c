import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalculationRecord, ProtocolEntryRecord } from '../../../src/core/api';
import { defaultInputs } from '../../../src/core/template';
import type { Row } from '../../../src/mocks/store';
import { answerStatistics, editor, store } from '../mockServer';
import { calculationRecord, template } from '../calculations.mock';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

const calculation: CalculationRecord = calculationRecord(
  7,
  'flyer',
  { ...defaultInputs(template('flyer')), title: 'Sommerflyer' },
  {
    database_id: 1,
    customer: 'Verlag Nord',
    status: 'final',
    total_co2e: 1234.5,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    version: 1,
  },
);

const entry: ProtocolEntryRecord = {
  id: 12,
  at: '2026-03-02T09:30:00.000Z',
  mandant_id: 1,
  user_id: 3,
  user_email: 'editor@muster.example',
  user_name: 'Eddi Editor',
  action: 'updated',
  resource: 'calculations',
  record_id: '7',
  record_label: 'Sommerflyer',
  summary: {},
  changes: null,
  ip: null,
};

describe('dashboard', () => {
  it(
    'shows this year’s figures and the latest calculations and protocol entries with links into the screens',
    async () => {
      const year = new Date().getFullYear();
      const overview = answerStatistics([editor], {
        overview: {
          from: `${year}-01-01`,
          to: `${year}-12-31`,
          mandant_id: 1,
          columns: [
            { key: 'calculations', unit: 'count' },
            { key: 'co2e_kg', unit: 'kg_co2e' },
            { key: 'offset_kg', unit: 'kg_co2e' },
            { key: 'offset_share', unit: 'percent' },
            { key: 'open_orders', unit: 'count' },
          ],
          rows: [{ calculations: 5, co2e_kg: 4321.25, offset_kg: 1000, offset_share: 23.14, open_orders: 3 }],
        },
      });
      // The latest calculation and protocol entry from the shared handlers' store.
      store.table('calculations').set(String(calculation.id), calculation as unknown as Row);
      store.table('protocol').set(String(entry.id), entry as unknown as Row);
      renderApp('/', { signedInAs: editor });
      // The first render loads the dashboard's chunk: slow in jsdom on a busy machine.
      expect(await screen.findByText('Willkommen, Eddi Editor', {}, { timeout: 30_000 })).toBeInTheDocument();

      const figures = screen.getByTestId('dashboard-figures');
      expect(await within(figures).findByText('4.321')).toBeInTheDocument();
      expect(within(figures).getByText(`Berechnet ${year}`)).toBeInTheDocument();
      expect(within(figures).getByText('23,1 %')).toBeInTheDocument();
      expect(within(figures).getByText('3')).toBeInTheDocument();
      expect(within(figures).getByRole('link', { name: '5 Kalkulationen' })).toHaveAttribute('href', '/statistics');
      expect(within(figures).getByRole('link', { name: 'Zu den Bestellungen' })).toHaveAttribute('href', '/orders');
      expect(overview.paths).toContain('/statistics/overview');
      expect(overview.queries[overview.paths.indexOf('/statistics/overview')]).toContain(`from=${year}-01-01`);

      const latest = screen.getByRole('region', { name: 'Neueste Kalkulationen' });
      expect(await within(latest).findByRole('link', { name: 'Sommerflyer' })).toHaveAttribute('href', '/edit/7');
      expect(within(latest).getByText('1.235 kg CO₂e')).toBeInTheDocument();
      expect(within(latest).getByRole('link', { name: 'Alle Kalkulationen' })).toHaveAttribute('href', '/calculations');

      const protocol = screen.getByRole('region', { name: 'Neueste Protokolleinträge' });
      expect(await within(protocol).findByText(/Sommerflyer/)).toBeInTheDocument();
      expect(within(protocol).getByRole('link', { name: 'Zum Protokoll' })).toHaveAttribute('href', '/protocol');
    },
    60_000 * slowdown(),
  );

  it('says when there is nothing yet', async () => {
    renderApp('/', { signedInAs: editor });
    expect(await screen.findByText('Noch keine Kalkulationen.')).toBeInTheDocument();
    expect(await screen.findByText('Noch keine Protokolleinträge.')).toBeInTheDocument();
  });

  it('offers the next step, a new calculation, to those who may make one (issue #35)', async () => {
    renderApp('/', { signedInAs: editor });
    expect(await screen.findByRole('link', { name: 'Neue Kalkulation' })).toHaveAttribute('href', '/new');
  });

  it('offers no new calculation to a viewer', async () => {
    renderApp('/', { signedInAs: { ...editor, role: 'viewer' } });
    expect(await screen.findByText('Noch keine Protokolleinträge.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Neue Kalkulation' })).toBeNull();
  });
});
