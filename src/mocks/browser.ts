/**
 * The mock mode in the browser (`npm run dev:mocks`): msw's service worker answers /api from the mock store, seeded
 * by the server's demo seed, and a small panel chooses scenarios. Loaded by src/client/main.tsx only when Vite runs
 * with `--mode mocks`: production builds leave this module and msw out.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { setupWorker } from 'msw/browser';
import recording from 'virtual:kontor-mock-recording';
import '../core/i18n/all-locales';
import { Contract, type Violation } from './contract';
import { createMockApi } from './handlers';
import { MockStore } from './store';
import { NO_SCENARIO, parseScenarioParameter, Scenarios, type ScenarioState } from './scenarios';
import { ScenarioPanel } from './ScenarioPanel';

const STORAGE_KEY = 'kontor-mock-scenario';

/** The scenario of this tab: `?scenario=…` wins, else what the panel chose before a reload. */
function initialScenario(): ScenarioState {
  const parameter = new URLSearchParams(window.location.search).get('scenario');
  if (parameter !== null) return parseScenarioParameter(parameter);
  try {
    return { ...NO_SCENARIO, ...(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<ScenarioState>) };
  } catch {
    return NO_SCENARIO;
  }
}

export async function startMockMode(): Promise<void> {
  const contract = new Contract(recording.openapi);
  const scenarios = new Scenarios();
  scenarios.set(initialScenario());
  scenarios.subscribe(() => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(scenarios.state)));
  const violations: Violation[] = [];
  const violationListeners = new Set<() => void>();
  const api = createMockApi({
    base: '/api',
    store: new MockStore(recording),
    contract,
    scenarios,
    onViolation: (violation) => {
      // A drifted mock is a visible warning here (and a failure in the UI suite).
      console.warn('Mock answer does not fit the API contract', violation);
      violations.push(violation);
      for (const listener of violationListeners) listener();
    },
  });
  const worker = setupWorker(...api.handlers);
  await worker.start({
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
    // The app's own files pass through; an /api route no handler answers is a warning.
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).pathname.startsWith('/api/')) print.warning();
    },
  });
  const host = document.createElement('div');
  host.id = 'kontor-mock-panel';
  document.body.appendChild(host);
  createRoot(host).render(
    createElement(ScenarioPanel, {
      scenarios,
      routes: [...new Set(contract.operations.map((operation) => operation.path))].filter((p) => p.startsWith('/api/')),
      violations,
      subscribeViolations: (listener: () => void) => {
        violationListeners.add(listener);
        return () => violationListeners.delete(listener);
      },
    }),
  );
}
