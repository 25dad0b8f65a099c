/** Catalogue fixtures shared by the offsets and orders UI tests. */
import type { OffsetProjectRecord, OrderRecord, StorefrontRecord } from '../../src/core/api';
import type { Row } from '../../src/mocks/store';
import { store } from './mockServer';

const text = (value: string) => ({ de: value, en: value, fr: value, it: value, es: value });
const base: Omit<
  OffsetProjectRecord,
  'id' | 'name' | 'country' | 'project_type' | 'standard' | 'vintage' | 'price_per_tonne_minor' | 'tonnes_available_kg'
> = {
  description: text('Demo-Projekt — Platzhalter'),
  registry_id: 'EXAMPLE-1',
  registry_url: null,
  currency: 'EUR',
  sdgs: [13],
  image_url: null,
  active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  version: 1,
};

export const projects: OffsetProjectRecord[] = [
  {
    ...base,
    id: 1,
    name: text('Kochöfen Kenia'),
    country: 'KE',
    project_type: 'cookstoves',
    standard: 'Gold Standard',
    vintage: 2024,
    price_per_tonne_minor: 2450,
    tonnes_available_kg: 5_000_000,
  },
  {
    ...base,
    id: 2,
    name: text('Windpark Indien'),
    country: 'IN',
    project_type: 'wind',
    standard: 'VCS',
    vintage: 2023,
    price_per_tonne_minor: 1200,
    tonnes_available_kg: 20_000_000,
  },
  {
    ...base,
    id: 3,
    name: text('Wald Peru'),
    country: 'PE',
    project_type: 'forest',
    standard: 'VCS',
    vintage: 2022,
    price_per_tonne_minor: 3100,
    tonnes_available_kg: 3_000_500,
  },
];

/** The catalogue in the shared handlers' store (tests/ui/mockServer.ts), which answers list, filters and one project. */
export function serveProjects(list: OffsetProjectRecord[] = projects) {
  const table = store.table('carbon-offset-projects');
  table.clear();
  for (const project of list) table.set(String(project.id), project as unknown as Row);
}

/** An order as the server answers it: a placed order of project 1 for calculation 7, from the back office. */
export function orderRecord(id: number, extra: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id,
    mandant_id: 1,
    number: `B-2026-${String(id).padStart(6, '0')}`,
    project_id: 1,
    calculation_id: 7,
    collection_id: null,
    calculation_ids: [7],
    co2e_kg: 323.96298,
    tonnes_kg: 400,
    price_per_tonne_minor: 2450,
    total_minor: 980,
    currency: 'EUR',
    status: 'placed',
    certificate_number: null,
    registry_serials: null,
    issued_to: 'Druckerei Muster GmbH',
    created_by: 3,
    placed_at: '2026-03-01T10:00:00Z',
    completed_at: null,
    channel: null,
    channel_reference: null,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    version: 1,
    ...extra,
  };
}

/** A mandant's storefront (issue 39) offering the flyer, as the server answers it to its admins. */
export function storefrontRecord(id: number, extra: Partial<StorefrontRecord> = {}): StorefrontRecord {
  return {
    id,
    mandant_id: 1,
    name: 'Muster Webshop',
    active: true,
    offers: [{ template_id: 'flyer', customer_fields: ['quantity'], fixed: { grammage: 135 } }],
    origins: ['https://shop.muster.example'],
    colour: '#2e7d32',
    logo_url: null,
    contribution_project_id: null,
    compute_in_page: true,
    publishable_key: 'kontor_pk_abcdefghijklmnopqrstuvwxyz012345',
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    version: 1,
    ...extra,
  };
}
