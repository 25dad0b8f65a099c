import { useCallback, useSyncExternalStore } from 'react';
import {
  readClientState, setClientValue, subscribeClientState, updateClientSlice, type ClientStateSlice, type JsonValue,
  type SliceState,
} from './clientState';

/** One slice of the persisted client state and a setter (a new slice or an updater). */
export function useClientState(slice: ClientStateSlice):
  [SliceState, (next: SliceState | ((previous: SliceState) => SliceState)) => void] {
  const value = useSyncExternalStore(subscribeClientState, () => readClientState()[slice], () => ({}));
  const set = useCallback(
    (next: SliceState | ((previous: SliceState) => SliceState)) =>
      updateClientSlice(slice, typeof next === 'function' ? next : () => next),
    [slice],
  );
  return [value, set];
}

/**
 * One persisted value, e.g. `useClientValue('compilations', 'viewMode', 'table')`. Setting `undefined` removes it
 * (the fallback applies again). The value must survive JSON: no dates, maps or class instances.
 */
export function useClientValue<T extends JsonValue>(slice: ClientStateSlice, key: string, fallback: T):
  [T, (value: T | undefined) => void] {
  const stored = useSyncExternalStore(subscribeClientState, () => readClientState()[slice][key], () => undefined);
  const set = useCallback((value: T | undefined) => setClientValue(slice, key, value), [slice, key]);
  return [stored === undefined ? fallback : (stored as T), set];
}
