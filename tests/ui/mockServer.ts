/**
 * The Kontor API for the UI tests: the shared mock handlers (src/mocks, the same the browser's mock mode runs) over a
 * store of this suite's fixtures, every answer checked against the server's OpenAPI document (tests/ui/global-setup.ts)
 * — a drifted answer fails the test (tests/ui/setup.ts). Tests override single routes with `server.use`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { inject } from 'vitest';
import { Contract, type Violation } from '../../src/mocks/contract';
import { createMockApi } from '../../src/mocks/handlers';
import { MockStore } from '../../src/mocks/store';
import {
  STATISTIC_NAMES,
  type LoginResponse,
  type StatisticName,
  type StatisticsResult,
  type MandantRecord,
  type SessionUser,
  type UnitRecord,
  type UserRecord,
} from '../../src/core/api';
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
/** The provider's admin: every mandant, the templates and the global factor databases. */
export const providerAdmin: SessionUser = {
  id: 1,
  email: 'admin@kontor.example',
  name: 'Paula Provider',
  role: 'provider_admin',
  language: 'de',
  mandant_id: null,
  mandant_name: null,
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

const byId = <T extends { id: number | string }>(rows: T[]) =>
  Object.fromEntries(rows.map((row) => [String(row.id), row]));

export const contract = new Contract(inject('openapi') as ConstructorParameters<typeof Contract>[0]);

/** Every REST resource of the contract (`/api/{resource}/{id}`): each gets the shared handlers' list dialect. */
const restResources = contract.operations
  .filter((operation) => operation.method === 'get')
  .map((operation) => /^\/api\/([a-z-]+)\/\{[^}]+\}$/.exec(operation.path)?.[1])
  .filter((resource): resource is string => !!resource);

/** The fixtures as the shared handlers' store: what a test reads unless it overrides the route. */
export const store = new MockStore({
  password: 'kontor-demo',
  records: {
    ...Object.fromEntries(restResources.map((resource) => [resource, {}])),
    users: byId(userRecords),
    mandants: byId(mandantRecords),
    units: byId(unitRecords),
    calculations: {},
    protocol: {},
    'machine-sets': {},
    publications: {},
    storefronts: {},
  },
  accounts: [providerAdmin, mandantAdmin, editor].map((user) => ({
    email: user.email,
    session: { token: `token-${user.id}`, expires_at: '2099-01-01T00:00:00Z', user },
    answers: {
      '/api/auth/tokens': [],
      '/api/factor-categories': [],
      // The dashboard (home page) and the statistics screen: no figures (`from`/`to` follow the request).
      ...Object.fromEntries(
        STATISTIC_NAMES.map((name) => [
          `/api/statistics/${name}`,
          { name, from: '2026-01-01', to: '2026-12-31', mandant_id: user.mandant_id, columns: [], rows: [] },
        ]),
      ),
    },
  })),
});

/** Answers that do not fit the contract, from the shared handlers and from every test's own (tests/ui/setup.ts). */
export const violations: Violation[] = [];

const mockApi = createMockApi({
  base: API,
  store,
  contract,
  onViolation: (violation) => violations.push(violation),
  // The tests sign in by fixture: any token is the user of `state.me`.
  // An expired session (scenario) refuses every token until the next sign-in (the login handler below).
  authenticate: (request, scenario) =>
    request.headers.get('Authorization')?.startsWith('Bearer ') && scenario.sessionExpiredAt === null ? state.me : null,
});

/** The scenario a test puts the API into (a 503 on a route, a locked calculation …); reset after every test. */
export const scenarios = mockApi.scenarios;

export const handlers = [
  http.post(`${API}/auth/login`, async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    if (body.password !== 'kontor-demo') {
      return HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 });
    }
    // The store's account (a test may change it, e.g. its language), else the mandant admin.
    const user = store.account(body.email)?.session.user ?? mandantAdmin;
    state.me = user;
    scenarios.set({ sessionExpiredAt: null });
    const answer: LoginResponse = { token: `token-${user.id}`, expires_at: '2099-01-01T00:00:00Z', user };
    return HttpResponse.json(answer);
  }),
  http.put(`${API}/auth/me`, async ({ request }) => {
    // A scenario (offline, an error, an expired session) is the shared handlers' to answer.
    const { offline, error, sessionExpiredAt } = scenarios.state;
    if (offline || error || sessionExpiredAt !== null) return undefined;
    // What the profile keeps of the signed-in user (a password change sends more, which is not the user's).
    const { name, language } = (await request.json()) as Partial<SessionUser>;
    state.me = { ...state.me, ...(name !== undefined && { name }), ...(language !== undefined && { language }) };
    return HttpResponse.json(state.me);
  }),
  // Everything else: the shared handlers.
  ...mockApi.handlers,
];

export const server = setupServer(...handlers);

/** What the app sent to one route: each request's decoded query string and JSON body. */
export interface Sent {
  /** The path of each request below the API (`/invitations/8/resend`): what a `:id` in the spied path matched. */
  paths: string[];
  queries: string[];
  bodies: unknown[];
}

/**
 * Watches what the app sends to `path` (e.g. `/calculations/7`, or `/invitations/:id` for any) with `method` while the shared handlers answer it: a
 * test asserts what was sent without restating the answer.
 */
export function spy(method: 'get' | 'post' | 'put' | 'delete', path: string): Sent {
  const sent: Sent = { paths: [], queries: [], bodies: [] };
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      const url = new URL(request.url);
      sent.paths.push(url.pathname.slice(new URL(API).pathname.length));
      sent.queries.push(decodeURIComponent(url.search));
      if (method !== 'get')
        sent.bodies.push(
          await request
            .clone()
            .json()
            .catch(() => undefined),
        );
      // No answer: the next handler (the shared one) answers.
    }),
  );
  return sent;
}

/**
 * What the statistics routes answer `users` (the shared handler fills in the asked `from`/`to`): `answers` by name,
 * every other statistic empty with `columns`. Returns the spy of their requests.
 */
export function answerStatistics(
  users: SessionUser[],
  answers: Partial<Record<StatisticName, Omit<StatisticsResult, 'name'>>>,
  columns: StatisticsResult['columns'] = [],
): Sent {
  for (const user of users) {
    for (const name of STATISTIC_NAMES) {
      const answer = answers[name] ?? { from: '2026-01-01', to: '2026-12-31', mandant_id: 1, columns, rows: [] };
      store.setAnswer(user, `/api/statistics/${name}`, { ...answer, name });
    }
  }
  return spy('get', '/statistics/:name');
}
