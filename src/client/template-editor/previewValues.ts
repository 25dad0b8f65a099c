/**
 * The results the live preview computes from its test values, for the form editor's formula inputs to show beside
 * each formula. The preview and the form are siblings on the editor page; this small store joins them without the page
 * passing values around. One editor is open at a time.
 */
import { useSyncExternalStore } from 'react';

export interface PreviewValue {
  value: number;
  unit: string;
}

let values: Readonly<Record<string, PreviewValue>> = {};
const listeners = new Set<() => void>();

export function publishPreviewValues(next: Record<string, PreviewValue>): void {
  const same =
    Object.keys(next).length === Object.keys(values).length &&
    Object.entries(next).every(
      ([name, entry]) => values[name]?.value === entry.value && values[name]?.unit === entry.unit,
    );
  if (same) return;
  values = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The preview's value of the result `name`, or undefined while the preview has none. */
export function usePreviewValue(name: string | undefined): PreviewValue | undefined {
  return useSyncExternalStore(subscribe, () => (name === undefined ? undefined : values[name]));
}
