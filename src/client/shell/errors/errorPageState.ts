/**
 * The app's error-page state: set when navigating to a page fails (or a screen decides it cannot be shown), it
 * replaces the page content with the error page until the next route change resets it.
 */
import { useSyncExternalStore } from 'react';

export interface ErrorPageInfo {
  status: number;
  message: string;
}

let current: ErrorPageInfo | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showErrorPage(info: Partial<ErrorPageInfo> & { message: string }): void {
  current = { status: info.status ?? 500, message: info.message };
  emit();
}

export function clearErrorPage(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function currentErrorPage(): ErrorPageInfo | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useErrorPageState(): ErrorPageInfo | null {
  return useSyncExternalStore(subscribe, currentErrorPage, () => null);
}
