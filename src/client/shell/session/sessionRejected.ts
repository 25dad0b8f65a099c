/**
 * The server refused a request's session (401): the session expired, was revoked or signed out elsewhere.
 * react-admin hears of that only for dataProvider calls (authProvider.checkError); statistics, migrations, the
 * importer, the template editor and the profile call the API directly. The HTTP client announces every such 401
 * here, and `SessionExpiryWatcher` sends the user to the sign-in page and back, exactly as for dataProvider calls.
 */
const EVENT = 'kontor:session-rejected';

export function announceSessionRejected(error: unknown): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(EVENT, { detail: error }));
}

/** Calls `listener` with the error of each rejected request; answers the function that stops listening. */
export function onSessionRejected(listener: (error: unknown) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<unknown>).detail);
  window.addEventListener(EVENT, handle);
  return () => window.removeEventListener(EVENT, handle);
}
