/**
 * UI test setup (jsdom): jest-dom matchers, the browser APIs jsdom lacks, the msw server, and a clean slate
 * (DOM, storage, cookies, <html lang>) for every test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './mockServer';

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

// react-admin renders in several async steps (auth check, i18n, queries); jsdom is slow on 2 cores.
configure({ asyncUtilTimeout: 8000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

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

afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
});

afterAll(() => server.close());
import '../../src/core/i18n/all-locales';
