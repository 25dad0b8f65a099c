import { lazy, type ComponentType } from 'react';
import { chunkReloadGuard, isChunkLoadError, type ChunkReloadGuard } from './chunkReload';

/**
 * `React.lazy` for a route's page with the chunk-failure guard: a chunk that fails to load reloads the page (at most
 * once a minute); otherwise the error reaches the layout's error boundary and its error page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint React.lazy itself uses
export function lazyPage<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  guard?: ChunkReloadGuard,
) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && (guard ?? chunkReloadGuard()).reloadForChunkError()) {
        // The page is going away: stay in the loading state instead of flashing an error page.
        return new Promise<never>(() => undefined);
      }
      throw error;
    }),
  );
}
