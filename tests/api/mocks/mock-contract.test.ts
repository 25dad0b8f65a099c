/**
 * The mocks cannot drift from the API (issue #36). Over the demo data recorded from the server's own seed and routes,
 * every route of the OpenAPI document that the SPA calls must be answered by a shared mock handler (src/mocks), with a
 * status the route declares and a body that fits the route's response schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { recordDemo } from '../../../scripts/mock-recording';
import { Contract, type Violation } from '../../../src/mocks/contract';
import { createMockApi } from '../../../src/mocks/handlers';
import type { MockRecording } from '../../../src/mocks/recording';
import { MockStore } from '../../../src/mocks/store';
import '../../../src/core/i18n/all-locales';

const BASE = 'http://mock.test/api';
/**
 * In the document but not called by the SPA: the public verification page a printed QR code opens, and the storefront
 * calculator's script and routes, which a shop's page calls (tests/e2e/storefront.test.ts), and the orders a shop's
 * server sends with its secret key.
 */
const NOT_CALLED_BY_THE_CLIENT = new Set([
  'get /verify/{token}',
  'get /storefront.js',
  'get /api/storefront/v1/{key}/config',
  'post /api/storefront/v1/{key}/quotes',
  'options /api/storefront/v1/{key}/config',
  'options /api/storefront/v1/{key}/quotes',
  'post /api/storefront/v1/orders',
]);

let recording: MockRecording;
let store: MockStore;
let contract: Contract;
const violations: Violation[] = [];
let server: ReturnType<typeof setupServer>;

beforeAll(async () => {
  recording = await recordDemo();
  contract = new Contract(recording.openapi);
  store = new MockStore(recording);
  const api = createMockApi({ base: BASE, store, contract, onViolation: (v) => violations.push(v) });
  server = setupServer(...api.handlers);
  server.listen({ onUnhandledRequest: 'error' });
}, 90_000);

afterAll(() => server?.close());

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${BASE}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: recording.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A concrete URL for a path template: ids of records the store has. */
function concrete(template: string): string {
  const resource = /^\/api\/([a-z-]+)\/\{id\}/.exec(template)?.[1];
  const firstId = resource ? [...store.table(resource).keys()][0] : undefined;
  return template
    .replace('{id}', template.startsWith('/api/templates/') ? 'brochure' : (firstId ?? '1'))
    .replace('{version}', '1')
    .replace('{key}', 'paper')
    .replace('{name}', 'overview')
    .replace(/^\/api/, BASE);
}

describe('the shared mock handlers', () => {
  it('answer every route the client calls, as the contract says', async () => {
    const token = await signIn('admin@kontor.example');
    const unanswered: string[] = [];
    const wrongStatus: string[] = [];
    for (const operation of contract.operations) {
      const name = `${operation.method} ${operation.path}`;
      if (NOT_CALLED_BY_THE_CLIENT.has(name) || operation.path === '/api/auth/logout') continue;
      const url = concrete(operation.path);
      const query = operation.path === '/api/orders/quote' ? '?project_id=1&calculation_id=1' : '';
      try {
        const res = await fetch(url + query, {
          method: operation.method.toUpperCase(),
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: operation.method === 'get' ? undefined : JSON.stringify(name === 'post /api/auth/login' ? {} : {}),
        });
        if (!operation.statuses.includes(String(res.status))) wrongStatus.push(`${name}: ${res.status}`);
      } catch {
        // msw refuses a request no handler answered (onUnhandledRequest: 'error').
        unanswered.push(name);
      }
    }
    expect(unanswered, 'routes of the OpenAPI document no mock handler answers').toEqual([]);
    expect(wrongStatus, 'answers with a status the route does not declare').toEqual([]);
    expect(violations.splice(0), 'answers that do not fit the route schema').toEqual([]);
    store.reset();
  }, 60_000);

  it('speak the list dialect: range, sort, filter and Content-Range', async () => {
    const token = await signIn('admin@muster.example');
    const query = `sort=${encodeURIComponent('["title","ASC"]')}&range=${encodeURIComponent('[0,1]')}&filter=${encodeURIComponent('{"status":"final"}')}`;
    const res = await fetch(`${BASE}/calculations?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    const rows = (await res.json()) as { title: string; status: string; mandant_id: number }[];
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === 'final' && row.mandant_id === 1)).toBe(true);
    expect(rows.map((row) => row.title)).toEqual([...rows.map((row) => row.title)].sort());
    expect(res.headers.get('Content-Range')).toMatch(/^calculations 0-1\/\d+$/);
  });

  it('keep optimistic versions: a stale version answers 409', async () => {
    const token = await signIn('admin@muster.example');
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const user = (await (await fetch(`${BASE}/users/3`, { headers })).json()) as { version: number; name: string };
    const saved = await fetch(`${BASE}/users/3`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ name: 'Eva S.', version: user.version }),
    });
    expect(saved.status).toBe(200);
    const stale = await fetch(`${BASE}/users/3`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ name: 'Eva T.', version: user.version }),
    });
    expect(stale.status).toBe(409);
  });

  it('report an answer that does not fit its route (a drifted mock)', async () => {
    const token = await signIn('admin@muster.example');
    const calculation = store.table('calculations').get('1')!;
    const title = calculation.title;
    calculation.title = 42;
    try {
      await fetch(`${BASE}/calculations/1`, { headers: { Authorization: `Bearer ${token}` } });
    } finally {
      calculation.title = title;
    }
    expect(violations.splice(0)).toEqual([
      { operation: 'GET /api/calculations/{id}', status: 200, problems: ['/title must be string'] },
    ]);
  });
});
