/**
 * After a deploy, the chunks an open tab knows about are gone and lazy pages fail to load. Reloading fetches the new
 * index.html and its chunks — but only once per minute, remembered across the reload (sessionStorage lives as long
 * as the tab), so a chunk that is really broken shows the error page instead of reloading forever.
 */
export const CHUNK_RELOAD_KEY = 'kontor.chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export interface ChunkReloadEnvironment {
  storage: () => Storage;
  now: () => number;
  reload: () => void;
  /** The browser's idea of being online (`navigator.onLine`); absent: online. */
  online?: () => boolean;
  /** Whether Kontor's server answers; a reload while it does not shows the browser's own error page. Absent: yes. */
  reachable?: () => Promise<boolean>;
}

/** What became of a chunk that failed to load: the page reloads, waits for the connection, or shows the error. */
export type ChunkRecovery = 'reloading' | 'offline' | 'failed';

export interface ChunkReloadGuard {
  /** True when the page is reloading (or already about to); false when the error page should be shown. */
  reloadForChunkError(): boolean;
  /**
   * Reloads only when the server can answer: offline (or with the server out of reach) a reload would leave the app
   * for the browser's error page, from which it never comes back by itself.
   */
  recover(): Promise<ChunkRecovery>;
  /** True while a reload triggered by this guard is under way. */
  isReloading(): boolean;
}

export function createChunkReloadGuard(environment: ChunkReloadEnvironment): ChunkReloadGuard {
  let reloading = false;
  let checking: Promise<ChunkRecovery> | null = null;
  return {
    reloadForChunkError() {
      if (reloading) return true;
      try {
        const storage = environment.storage();
        const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
        const now = environment.now();
        if (last > 0 && now - last >= 0 && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
        storage.setItem(CHUNK_RELOAD_KEY, String(now));
      } catch {
        // Without storage the once-a-minute limit cannot be kept, and an endless reload loop is worse than an error.
        return false;
      }
      reloading = true;
      environment.reload();
      return true;
    },
    recover() {
      // Vite's preload event and the error page both ask for one failed chunk: one reachability check serves both.
      checking ??= (async (): Promise<ChunkRecovery> => {
        if (reloading) return 'reloading';
        const online = environment.online?.() ?? true;
        if (!online || !(await (environment.reachable?.() ?? Promise.resolve(true)))) return 'offline';
        return this.reloadForChunkError() ? 'reloading' : 'failed';
      })().finally(() => {
        checking = null;
      });
      return checking;
    },
    isReloading: () => reloading,
  };
}

/** The runtime configuration script: small and served by Kontor itself (not by a CDN in front of the assets). */
async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/config.js', { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

const browserEnvironment: ChunkReloadEnvironment = {
  storage: () => window.sessionStorage,
  now: () => Date.now(),
  reload: () => window.location.reload(),
  online: () => navigator.onLine,
  reachable: serverAnswers,
};

let pageGuard: ChunkReloadGuard | null = null;

/** This page's guard. */
export function chunkReloadGuard(): ChunkReloadGuard {
  pageGuard ??= createChunkReloadGuard(browserEnvironment);
  return pageGuard;
}

/** Starts a new page life, as a reload does (tests simulate reloads and clocks with it). */
export function resetChunkReloadGuard(environment: ChunkReloadEnvironment = browserEnvironment): ChunkReloadGuard {
  pageGuard = createChunkReloadGuard(environment);
  return pageGuard;
}

/**
 * Vite reports failed dynamic imports (ours and every other screen's) as `vite:preloadError` before rejecting the
 * import. The rejection still reaches the error boundary, whose `ChunkFailure` says what is going on.
 */
export function listenForChunkErrors(): () => void {
  const onPreloadError = () => {
    void chunkReloadGuard().recover();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
