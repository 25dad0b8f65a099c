import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a route's page. A chunk that fails to load reaches the layout's error boundary, whose
 * `ChunkFailure` reloads the page once the server answers (at most once a minute) or says the connection is gone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint React.lazy itself uses
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(load);
}
