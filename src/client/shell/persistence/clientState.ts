/**
 * The client's unsent work (form drafts: calculations, the profile) in ONE localStorage entry, written on every
 * change and restored on load. Preferences (view modes, column choices, the language) are not kept here but in
 * react-admin's store (`useStore`, keys `RaStoreKontor.*`).
 *
 * localStorage is the source of truth: every read compares the stored text with the last one parsed, so another
 * tab's change, a cleared storage or a corrupt entry is noticed without a reload. A corrupt entry (bad JSON, wrong
 * shape, old version) is removed, the app continues with an empty state, and the layout warns the user once.
 */
export const CLIENT_STATE_KEY = 'kontor.state.v1';
export const CLIENT_STATE_VERSION = 1;
export const CLIENT_STATE_SLICES = ['compilations', 'databases', 'mandant', 'migration', 'orders', 'profile'] as const;

export type ClientStateSlice = (typeof CLIENT_STATE_SLICES)[number];
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** One slice: named values, each owned by a screen (e.g. `compilations.viewMode`, `profile.draft`). */
export type SliceState = { readonly [key: string]: JsonValue };

export type ClientState = { readonly version: typeof CLIENT_STATE_VERSION } & {
  readonly [S in ClientStateSlice]: SliceState;
};

export function emptyClientState(): ClientState {
  return {
    version: CLIENT_STATE_VERSION,
    compilations: {},
    databases: {},
    mandant: {},
    migration: {},
    orders: {},
    profile: {},
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored entry as a ClientState, or null when it is not one (missing slices are fine: they start empty). */
export function parseClientState(raw: string): ClientState | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isPlainObject(parsed) || parsed.version !== CLIENT_STATE_VERSION) return null;
  const state: Record<string, unknown> = { ...emptyClientState() };
  for (const slice of CLIENT_STATE_SLICES) {
    const value = parsed[slice];
    if (value === undefined) continue;
    if (!isPlainObject(value)) return null;
    state[slice] = value;
  }
  return state as ClientState;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null = null;
let cachedState: ClientState = emptyClientState();
let restoreFailed = false;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser: the state lives in memory only
  }
}

/** The current state; re-parsed only when the stored text changed. */
export function readClientState(): ClientState {
  const store = storage();
  if (!store) return cachedState;
  const raw = store.getItem(CLIENT_STATE_KEY);
  if (raw === cachedRaw) return cachedState;
  cachedRaw = raw;
  if (raw === null) {
    cachedState = emptyClientState();
    return cachedState;
  }
  const parsed = parseClientState(raw);
  if (parsed) {
    cachedState = parsed;
  } else {
    console.warn(`The local profile (${CLIENT_STATE_KEY}) could not be loaded and was reset.`);
    restoreFailed = true;
    store.removeItem(CLIENT_STATE_KEY);
    cachedRaw = null;
    cachedState = emptyClientState();
  }
  return cachedState;
}

function writeClientState(next: ClientState): void {
  cachedState = next;
  const store = storage();
  if (store) {
    const raw = JSON.stringify(next);
    try {
      store.setItem(CLIENT_STATE_KEY, raw);
      cachedRaw = raw;
    } catch (error) {
      // Quota exceeded: the state still works for this page; it just is not kept.
      console.warn('The local profile could not be saved.', error);
    }
  }
  for (const listener of listeners) listener();
}

export function updateClientSlice(slice: ClientStateSlice, update: (previous: SliceState) => SliceState): void {
  const current = readClientState();
  const next = update(current[slice]);
  if (next === current[slice]) return;
  writeClientState({ ...current, [slice]: next });
}

/** Sets (or, with `undefined`, removes) one value of a slice. */
export function setClientValue(slice: ClientStateSlice, key: string, value: JsonValue | undefined): void {
  updateClientSlice(slice, (previous) => {
    if (value === undefined) {
      if (!(key in previous)) return previous;
      const rest = { ...previous };
      delete (rest as Record<string, JsonValue>)[key];
      return rest;
    }
    return { ...previous, [key]: value };
  });
}

/** True once after restoring failed; the caller warns the user. */
export function takeRestoreFailure(): boolean {
  readClientState();
  const failed = restoreFailed;
  restoreFailed = false;
  return failed;
}

export function subscribeClientState(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CLIENT_STATE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
