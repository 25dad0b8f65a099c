/** Catalogue fixtures and handlers shared by the offsets and orders UI tests. */
import { http, HttpResponse } from 'msw';
import type { OffsetProjectRecord } from '../../src/core/api';
import { API, server } from './mockServer';

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

export function serveProjects(list: OffsetProjectRecord[] = projects) {
  server.use(
    http.get(`${API}/carbon-offset-projects`, () =>
      HttpResponse.json(list, {
        headers: { 'Content-Range': `carbon-offset-projects 0-${list.length - 1}/${list.length}` },
      }),
    ),
    http.get(`${API}/carbon-offset-projects/:id`, ({ params }) => {
      const found = list.find((p) => String(p.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
  );
}
