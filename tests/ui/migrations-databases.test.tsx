import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FactorDatabaseRecord, FactorRecord } from '../../src/core/api';
import { API, mandantAdmin, server } from './mockServer';
import { renderApp } from './renderApp';

const label = (text: string) => ({ de: text, en: text, fr: text, it: text, es: text });
const base: FactorDatabaseRecord = {
  id: 2, mandant_id: null, name: 'Demo factors 2025', version_label: '2025', status: 'published', valid_from: '2025-01-01', source: 'demo',
  based_on_id: null, demo: true, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', version: 1,
};
const own: FactorDatabaseRecord = { ...base, id: 5, mandant_id: 1, name: 'Muster Ökostrom', version_label: '2025-green', status: 'draft', based_on_id: 2, demo: false };
const factor = (id: number, databaseId: number, key: string, value: number): FactorRecord => ({
  id, database_id: databaseId, key, category: 'electricity', unit: 'kWh', value, label: label(key), source: 'UBA', year: 2024, region: 'DE', demo: false,
});
const baseFactors = [factor(1, 2, 'electricity_de_grid', 0.363), factor(2, 2, 'natural_gas', 0.18293)];
const ownFactors = [factor(11, 5, 'electricity_de_grid', 0.03), factor(12, 5, 'natural_gas', 0.18293)];

describe('factor database screens', () => {
  it('shows a derived database’s factors beside the base values and saves an override', async () => {
    const puts: unknown[] = [];
    server.use(
      http.get(`${API}/databases`, () => HttpResponse.json([base, own], { headers: { 'Content-Range': 'databases 0-1/2' } })),
      http.get(`${API}/databases/5`, () => HttpResponse.json(own)),
      http.get(`${API}/databases/5/diff`, () => HttpResponse.json({ from: base, to: own, added: [], removed: [], changed: [{ key: 'electricity_de_grid', category: 'electricity', unit: 'kWh', old: 0.363, new: 0.03, percent: -91.7 }] })),
      http.get(`${API}/factors`, ({ request }) => {
        const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { database_id?: number };
        const rows = filter.database_id === 2 ? baseFactors : ownFactors;
        return HttpResponse.json(rows, { headers: { 'Content-Range': `factors 0-${rows.length - 1}/${rows.length}` } });
      }),
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

  it('lists the databases with their validity as a date in the interface language', async () => {
    server.use(http.get(`${API}/databases`, () => HttpResponse.json([base, own], { headers: { 'Content-Range': 'databases 0-1/2' } })));
    renderApp('/databases', { signedInAs: mandantAdmin });
    const row = (await screen.findByText('Demo factors 2025')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('01.01.2025');
    expect(row).not.toHaveTextContent('2025-01-01');
  }, 60_000);
});
