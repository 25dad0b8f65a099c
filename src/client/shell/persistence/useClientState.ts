import { useCallback, useSyncExternalStore } from 'react';
import {
  readClientState,
  setClientValue,
  subscribeClientState,
  type ClientStateSlice,
  type JsonValue,
} from './clientState';

/**
 * One persisted value, e.g. `useClientValue('compilations', 'viewMode', 'table')`. Setting `undefined` removes it
 * (the fallback applies again). The value must survive JSON: no dates, maps or class instances.
 */
export function useClientValue<T extends JsonValue>(
  slice: ClientStateSlice,
  key: string,
  fallback: T,
): [T, (value: T | undefined) => void] {
  const stored = useSyncExternalStore(
    subscribeClientState,
    () => readClientState()[slice][key],
    () => undefined,
  );
  const set = useCallback((value: T | undefined) => setClientValue(slice, key, value), [slice, key]);
  return [stored === undefined ? fallback : (stored as T), set];
}
