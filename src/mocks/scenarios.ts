/**
 * Scenarios a QA engineer puts the mocked API into (issue #36), from the panel (ScenarioPanel) or the URL:
 *   ?scenario=error:503@/api/calculations,delay:1500,offline,expired,empty,large,locked,old-template
 * The state is plain data, so the UI suite sets it the same way (`scenarios.set({...})`).
 */
export const ERROR_STATUSES = [400, 403, 404, 409, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export type MandantData = 'demo' | 'empty' | 'large';

export interface ScenarioState {
  /** Answer this status on this route (an OpenAPI path template, e.g. `/api/calculations/{id}`, or `*`: every route). */
  error: { status: ErrorStatus; route: string } | null;
  /** Milliseconds every answer waits. */
  delayMs: number;
  /** Every request fails as a refused network request would. */
  offline: boolean;
  /** The signed-in session no longer counts: the next request answers 401 (one sign-in later, it works again). */
  sessionExpiredAt: number | null;
  /** The signed-in mandant's calculations: the demo ones, none, or 10,000. */
  mandantData: MandantData;
  /** The mandant's first calculation is frozen, as an order freezes it: changing or deleting it answers 409. */
  lockedCalculation: boolean;
  /** The mandant's first calculation is on the oldest version of its template, so the screens offer the migration. */
  oldTemplateVersion: boolean;
}

export const NO_SCENARIO: ScenarioState = {
  error: null,
  delayMs: 0,
  offline: false,
  sessionExpiredAt: null,
  mandantData: 'demo',
  lockedCalculation: false,
  oldTemplateVersion: false,
};

/** Seconds a 503 asks the client to wait (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 30;

export function parseScenarioParameter(text: string, now = Date.now()): ScenarioState {
  const state: ScenarioState = { ...NO_SCENARIO };
  for (const part of text.split(',').map((p) => p.trim())) {
    const error = /^error:(\d{3})(?:@(.+))?$/.exec(part);
    const delay = /^delay:(\d+)$/.exec(part);
    if (error && (ERROR_STATUSES as readonly number[]).includes(Number(error[1]))) {
      state.error = { status: Number(error[1]) as ErrorStatus, route: error[2] ?? '*' };
    } else if (delay) state.delayMs = Number(delay[1]);
    else if (part === 'offline') state.offline = true;
    else if (part === 'expired') state.sessionExpiredAt = now;
    else if (part === 'empty' || part === 'large') state.mandantData = part;
    else if (part === 'locked') state.lockedCalculation = true;
    else if (part === 'old-template') state.oldTemplateVersion = true;
  }
  return state;
}

/** The scenario state with listeners (the panel re-renders, the handlers read it on every request). */
export class Scenarios {
  private current: ScenarioState = { ...NO_SCENARIO };
  private readonly listeners = new Set<() => void>();

  get state(): ScenarioState {
    return this.current;
  }

  set(change: Partial<ScenarioState>): void {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener();
  }

  reset(): void {
    this.set(NO_SCENARIO);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
