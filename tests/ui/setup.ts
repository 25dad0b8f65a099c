/**
 * UI test setup (jsdom): jest-dom matchers, the browser APIs jsdom lacks, the msw server, and a clean slate
 * (DOM, storage, cookies, <html lang>) for every test.
 */
import '@testing-library/jest-dom/vitest';
// Before anything renders: jsdom's selector and label lookups without their quadratic walks (issue #38).
import './jsdom-speed';
import * as React from 'react';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { Violation } from '../../src/mocks/contract';
import { slowdown } from '../support/load';
import { contract, scenarios, server, store, violations } from './mockServer';

Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// CodeMirror measures text through Range rectangles, which jsdom does not lay out.
if (!('getClientRects' in Range.prototype)) {
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Object.defineProperty(Range.prototype, 'getClientRects', { value: none, writable: true });
  Object.defineProperty(Range.prototype, 'getBoundingClientRect', { value: () => new DOMRect(), writable: true });
}

// react-admin renders in several async steps (auth check, i18n, queries); jsdom is slow on 2 cores, and slower when
// other processes take the CPU: the wait is honest, so it is generous (a stuck file is the watchdog's, issue #38), and
// it grows with the machine's load at the start of each test (a file may set its own base with `configure`).
configure({ asyncUtilTimeout: 20_000 });
let baseWait: number | undefined;
beforeEach(() => {
  baseWait ??= getConfig().asyncUtilTimeout;
  configure({ asyncUtilTimeout: Math.round(baseWait * slowdown()) });
});

// React's development build records an Error (a stack of ten frames) for every element it creates, for owner stacks in
// its warnings: a fifth of the CPU a form-editor test spends (issue #38). The warnings still come, with the component
// stack, only without the owner's.
Object.defineProperty(
  (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: object })
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE,
  'recentlyCreatedOwnerStacks',
  // Configurable: this file runs again before each test file of a worker, on the same React (vite.config.ts).
  { get: () => 1e4, set: () => undefined, configurable: true },
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

// Every mocked answer must fit the route's schema in the OpenAPI document: a mock that drifts from the API would make a
// green test that lies (issue #36). The shared handlers' answers and a test's own (`server.use`) alike fail the test.
const inlineViolations: Violation[] = [];
const checks: Promise<void>[] = [];
const checkAgainstContract = ({ request, response }: { request: Request; response: Response }) => {
  const operation = contract.find(request.method, new URL(request.url).pathname);
  if (!operation || !response.headers.get('Content-Type')?.includes('json')) return;
  // A scenario's error is chosen on purpose, also with a status the route does not declare (a proxy's 503).
  const injected = scenarios.state.error;
  if (injected && (injected.route === '*' || injected.route === operation.path)) return;
  checks.push(
    response
      .clone()
      .json()
      .then(
        (body: unknown) => {
          const problems = contract.check(operation, response.status, body);
          const name = `${operation.method.toUpperCase()} ${operation.path}`;
          if (problems.length && !inlineViolations.some((v) => v.operation === name && v.status === response.status))
            inlineViolations.push({ operation: name, status: response.status, problems });
        },
        () => undefined,
      ),
  );
};
// The test files of a worker share the msw server (vite.config.ts): each file's setup listens for its own tests only.
server.events.on('response:mocked', checkAgainstContract);

beforeEach(() => {
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.documentElement.lang = '';
  window.history.replaceState({}, '', '/');
  // jsdom says en-US; a German browser is the common case (tests for detection override this).
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de']);
});

afterEach(async () => {
  cleanup();
  server.resetHandlers();
  store.reset();
  scenarios.reset();
  vi.restoreAllMocks();
  await Promise.all(checks.splice(0));
  const shared = violations.splice(0);
  const own = inlineViolations
    .splice(0)
    .filter((v) => !shared.some((s) => s.operation === v.operation && s.status === v.status));
  const lines = (found: Violation[]) => found.map((v) => `${v.operation} ${v.status}: ${v.problems.join('; ')}`);
  expect(lines(shared), 'answers of the shared mock handlers that do not fit the API contract').toEqual([]);
  expect(lines(own), 'mocked answers of the test’s own handlers that do not fit the API contract').toEqual([]);
});

afterAll(() => {
  server.events.removeListener('response:mocked', checkAgainstContract);
  server.close();
});
import '../../src/core/i18n/all-locales';
