/**
 * The Kontor API as msw handlers (shapes from src/core/api.ts). Tests override single routes with `server.use`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { LoginResponse, MandantRecord, SessionUser, UnitRecord, UserRecord } from '../../src/core/api';
import { BUILT_IN_UNITS } from '../../src/core/template/units';

export const API = `${window.location.origin}/api`;

export const mandantAdmin: SessionUser = {
  id: 2,
  email: 'admin@muster.example',
  name: 'Erika Muster',
  role: 'mandant_admin',
  language: 'de',
  mandant_id: 1,
  mandant_name: 'Druckerei Muster',
};
export const editor: SessionUser = {
  ...mandantAdmin,
  id: 3,
  email: 'editor@muster.example',
  name: 'Eddi Editor',
  role: 'editor',
};

export const userRecords: UserRecord[] = [
  {
    id: 2,
    mandant_id: 1,
    email: 'admin@muster.example',
    name: 'Erika Muster',
    role: 'mandant_admin',
    language: 'de',
    active: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    version: 1,
  },
  {
    id: 3,
    mandant_id: 1,
    email: 'editor@muster.example',
    name: 'Eddi Editor',
    role: 'editor',
    language: 'en',
    active: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    version: 4,
  },
];

export const mandantRecords: MandantRecord[] = [
  {
    id: 1,
    name: 'Druckerei Muster',
    slug: 'druckerei-muster',
    active: true,
    settings: {},
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    version: 1,
  },
];

/** The unit catalogue every form reads (GET /api/units): the built-in words. */
export const unitRecords: UnitRecord[] = BUILT_IN_UNITS.map((unit, index) => ({
  id: index + 1,
  key: unit.key,
  label: unit.label,
  singular: null,
  builtin: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  version: 1,
}));

/** The user the mock server considers signed in (GET /api/auth/me). */
export const state: { me: SessionUser } = { me: mandantAdmin };

export const handlers = [
  http.post(`${API}/auth/login`, async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    if (body.password !== 'kontor-demo') {
      return HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 });
    }
    const user = [mandantAdmin, editor].find((u) => u.email === body.email) ?? mandantAdmin;
    state.me = user;
    const answer: LoginResponse = { token: `token-${user.id}`, expires_at: '2099-01-01T00:00:00Z', user };
    return HttpResponse.json(answer);
  }),
  http.post(`${API}/auth/logout`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${API}/auth/me`, ({ request }) =>
    request.headers.get('Authorization')?.startsWith('Bearer ')
      ? HttpResponse.json(state.me)
      : HttpResponse.json({ message: 'Not signed in' }, { status: 401 }),
  ),
  http.put(`${API}/auth/me`, async ({ request }) => {
    const body = (await request.json()) as Partial<SessionUser>;
    state.me = { ...state.me, ...body };
    return HttpResponse.json(state.me);
  }),
  http.get(`${API}/users`, () =>
    HttpResponse.json(userRecords, {
      headers: { 'Content-Range': `users 0-${userRecords.length - 1}/${userRecords.length}` },
    }),
  ),
  http.get(`${API}/users/:id`, ({ params }) => {
    const record = userRecords.find((u) => String(u.id) === params.id);
    return record ? HttpResponse.json(record) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
  }),
  http.get(`${API}/mandants`, () =>
    HttpResponse.json(mandantRecords, { headers: { 'Content-Range': `mandants 0-0/${mandantRecords.length}` } }),
  ),
  // The signed-in user's mandant (branding, defaults) and personal API tokens, asked for on every signed-in screen.
  http.get(`${API}/mandants/:id`, ({ params }) => {
    const record = mandantRecords.find((m) => String(m.id) === params.id);
    return record ? HttpResponse.json(record) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
  }),
  http.get(`${API}/auth/tokens`, () => HttpResponse.json([])),
  // The report controls of calculation, collection and order pages list their published verification pages.
  http.get(`${API}/:subject/:id/publications`, () => HttpResponse.json([])),
  // The dashboard (home page) asks for this year's figures and the latest calculations and protocol entries.
  http.get(`${API}/statistics/:name`, ({ params, request }) => {
    const url = new URL(request.url);
    return HttpResponse.json({
      name: params.name,
      from: url.searchParams.get('from') ?? '',
      to: url.searchParams.get('to') ?? '',
      mandant_id: 1,
      columns: [],
      rows: [],
    });
  }),
  http.get(`${API}/calculations`, () => HttpResponse.json([], { headers: { 'Content-Range': 'calculations */0' } })),
  http.get(`${API}/protocol`, () => HttpResponse.json([], { headers: { 'Content-Range': 'protocol */0' } })),
  // The migrations screen offers the mandant's published machine sets as targets (for whoever may update them).
  http.get(`${API}/machine-sets`, () => HttpResponse.json([], { headers: { 'Content-Range': 'machine-sets */0' } })),
  // No category named by an admin: the screens show the built-in names.
  http.get(`${API}/factor-categories`, () => HttpResponse.json([])),
  http.get(`${API}/units`, () =>
    HttpResponse.json(unitRecords, {
      headers: { 'Content-Range': `units 0-${unitRecords.length - 1}/${unitRecords.length}` },
    }),
  ),
];

export const server = setupServer(...handlers);
