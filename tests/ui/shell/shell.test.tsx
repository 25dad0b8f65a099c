/**
 * The shell's navigation and error behaviours: progress bar (only after 200 ms), fade out-in with scroll to the
 * top, the chunk-failure guard (reload at most once a minute, else the error page), the error pages.
 */
import { Suspense } from 'react';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import { ErrorBoundary } from 'react-error-boundary';
import { AdminContext } from 'react-admin';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, editor, server, userRecords, mandantAdmin } from '../mockServer';
import { renderApp } from '../renderApp';
import { createI18nProvider } from '../../../src/client/providers/i18nProvider';
import { ProgressBar, PROGRESS_THROTTLE_MS } from '../../../src/client/shell/progress/ProgressBar';
import { trackActivity } from '../../../src/client/shell/progress/activity';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_KEY,
  createChunkReloadGuard,
  isChunkLoadError,
  resetChunkReloadGuard,
  type ChunkReloadEnvironment,
} from '../../../src/client/shell/navigation/chunkReload';
import { lazyPage } from '../../../src/client/shell/navigation/lazyPage';
import { AppErrorPage } from '../../../src/client/shell/errors/ErrorPages';
import { ErrorPageBoundary } from '../../../src/client/shell/errors/ErrorView';
import { showErrorPage } from '../../../src/client/shell/errors/errorPageState';
import { resolveLayout } from '../../../src/client/layout/layouts';
import { ShellError } from '../../../src/client/shell/errors/ShellError';

const CHUNK_ERROR = 'Failed to fetch dynamically imported module: http://localhost/assets/ProfilePage-abc123.js';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

async function renderInAdmin(children: React.ReactNode) {
  const i18nProvider = await createI18nProvider('de');
  return render(<AdminContext i18nProvider={i18nProvider}>{children}</AdminContext>);
}

// Full-app renders on a 2-core machine: several seconds each when the suites run side by side. The project's timeout
// (60 s, more on a loaded machine) holds for these tests; the waits start from 30 s and grow with the load likewise.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  resetChunkReloadGuard();
});

describe('progress bar', () => {
  it('appears for a slow API request and not for a fast one', async () => {
    await renderInAdmin(<ProgressBar />);
    await act(() => trackActivity(new Promise((resolve) => setTimeout(resolve, 50))));
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_THROTTLE_MS + 100));
    expect(screen.queryByTestId('progress-bar')).toBeNull();

    let finish: () => void = () => undefined;
    void act(() => {
      void trackActivity(
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
      );
    });
    expect(screen.queryByTestId('progress-bar')).toBeNull();
    const bar = await screen.findByRole('progressbar', { name: 'Wird geladen …' });
    expect(bar).toBeInTheDocument();
    act(() => finish());
    await waitFor(() => expect(screen.queryByTestId('progress-bar')).toBeNull());
  });

  it('runs during the API requests of a screen', async () => {
    server.use(
      http.get(`${API}/users`, async () => {
        await delay(700);
        return HttpResponse.json(userRecords, { headers: { 'Content-Range': 'users 0-1/2' } });
      }),
    );
    renderApp('/users', { signedInAs: mandantAdmin });
    expect(await screen.findByTestId('progress-bar')).toBeInTheDocument();
    expect(await screen.findByText('editor@muster.example')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('progress-bar')).toBeNull());
  });
});

describe('page transition', () => {
  it('fades the old page out, then shows the new one at the top of the window', async () => {
    const { user } = renderApp('/', { signedInAs: editor });
    expect(await screen.findByText('Willkommen, Eddi Editor')).toBeInTheDocument();
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    // Each phase as the page shows it, seen when it is committed: the fade-out lasts FADE_MS of wall-clock time, which a
    // loaded machine may spend before the click's promise returns (issue #38: no assertion on wall-clock time).
    const transition = screen.getByTestId('page-transition');
    const phases: { phase: string | null; oldPageShown: boolean }[] = [];
    const observer = new MutationObserver(() =>
      phases.push({
        phase: transition.getAttribute('data-phase'),
        oldPageShown: screen.queryByText('Willkommen, Eddi Editor') !== null,
      }),
    );
    observer.observe(transition, { attributes: true, attributeFilter: ['data-phase'] });
    await user.click(screen.getAllByRole('menuitem', { name: 'Profil' })[0]!);
    // First the old page fades out, still showing …
    await waitFor(() => expect(phases[0]).toEqual({ phase: 'out', oldPageShown: true }));
    // … then the new page fades in, scrolled to the top.
    expect(await screen.findByTestId('api-tokens')).toBeInTheDocument();
    expect(screen.getByTestId('page-transition')).toHaveAttribute('data-phase', 'in');
    expect(screen.queryByText('Willkommen, Eddi Editor')).toBeNull();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    observer.disconnect();
  });

  it('updates a screen in place when only its sub-route changes, and still scrolls to the top', async () => {
    renderApp('/users', { signedInAs: mandantAdmin });
    expect(await screen.findByText('editor@muster.example')).toBeInTheDocument();
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    // From the list to a record of the same screen (as the browser's history would go there).
    act(() => {
      window.history.pushState({}, '', '/users/3');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('page-transition')).toHaveAttribute('data-phase', 'in');
    expect(await screen.findByDisplayValue('editor@muster.example')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('chunk-failure guard', () => {
  it('recognises the chunk errors of Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadError(new TypeError(CHUNK_ERROR))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads at most once per minute, remembered across the reload', () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const reload = vi.fn();
    const environment: ChunkReloadEnvironment = { storage: () => storage, now: () => now, reload };

    expect(createChunkReloadGuard(environment).reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe(String(now));

    // The reloaded page (a new guard over the same storage) fails again 30 s later: no second reload.
    now += 30_000;
    expect(createChunkReloadGuard(environment).reloadForChunkError()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    now += CHUNK_RELOAD_INTERVAL_MS;
    expect(createChunkReloadGuard(environment).reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('asks the server once when the preload event and the error page recover the same chunk together', async () => {
    const reload = vi.fn();
    const reachable = vi.fn(async () => true);
    const guard = createChunkReloadGuard({
      storage: () => memoryStorage(),
      now: () => 7_000_000,
      reload,
      online: () => true,
      reachable,
    });
    expect(await Promise.all([guard.recover(), guard.recover()])).toEqual(['reloading', 'reloading']);
    expect(reachable).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads the page when a lazy page fails to load, and shows the error page when it fails again', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 5_000_000;
    const environment: ChunkReloadEnvironment = { storage: () => storage, now: () => now, reload };
    const failingLoad = () => Promise.reject(new TypeError(CHUNK_ERROR));

    const mount = async () => {
      const Page = lazyPage(failingLoad);
      return renderInAdmin(
        <ErrorBoundary fallbackRender={({ error }) => <AppErrorPage error={error} />}>
          <Suspense fallback={<p>loading</p>}>
            <Page />
          </Suspense>
        </ErrorBoundary>,
      );
    };

    resetChunkReloadGuard(environment);
    const first = await mount();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('error-page')).toBeNull();
    first.unmount();

    // After the reload the chunk still fails (e.g. a broken deploy): the error page, not another reload.
    now += 5_000;
    resetChunkReloadGuard(environment);
    await mount();
    const page = await screen.findByTestId('error-page');
    expect(page).toHaveAttribute('data-status', '500');
    // In the reader's language, not the browser's developer text; with a retry beside the way home.
    expect(page).toHaveTextContent('Diese Seite konnte nicht geladen werden.');
    expect(page).not.toHaveTextContent('dynamically imported');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    // AdminContext's own (hash) router here; in the app the link is "/".
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^#?\/$/),
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('error pages', () => {
  it('shows the error page with status and translated message inside the default layout', async () => {
    renderApp('/error-with-user?status=403&message=errors.unknown_middleware', { signedInAs: editor });
    const page = await screen.findByTestId('error-page');
    expect(page).toHaveAttribute('data-status', '403');
    expect(page).toHaveTextContent('Unbekannte Middleware');
    expect(screen.getByRole('heading', { name: 'Fehler 403', level: 1 })).toBeInTheDocument();
    // The layout is still there: user menu and navigation work.
    expect(screen.getByTestId('user-menu')).toBeInTheDocument();
  });

  it('defaults to 500 with a generic message', async () => {
    renderApp('/error-with-user', { signedInAs: editor });
    const page = await screen.findByTestId('error-page');
    expect(page).toHaveAttribute('data-status', '500');
    expect(page).toHaveTextContent('Es ist ein Fehler aufgetreten.');
  });

  it('answers an unknown layout with 500 "Unknown middleware", translated on the error page', async () => {
    expect(() => resolveLayout('sidebarless')).toThrow(ShellError);
    let thrown: unknown;
    try {
      resolveLayout('sidebarless');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 500, message: 'Unknown middleware' });
    await renderInAdmin(<AppErrorPage error={thrown} />);
    const page = await screen.findByTestId('error-page');
    expect(page).toHaveAttribute('data-status', '500');
    expect(page).toHaveTextContent('Unbekannte Middleware');
  });

  it('falls back to a plain message with a link home when the error page itself fails', async () => {
    document.documentElement.lang = 'en';
    const Broken = () => {
      throw new Error('the error page broke');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorPageBoundary>
        <Broken />
      </ErrorPageBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while showing the error page');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('puts the app into the error-page state on a navigation error, reset by the next route change', async () => {
    const { user } = renderApp('/', { signedInAs: editor });
    expect(await screen.findByText('Willkommen, Eddi Editor')).toBeInTheDocument();
    act(() => showErrorPage({ status: 502, message: 'The server did not answer.' }));
    expect(await screen.findByTestId('error-page')).toHaveAttribute('data-status', '502');
    expect(screen.queryByText('Willkommen, Eddi Editor')).toBeNull();
    await user.click(screen.getAllByRole('menuitem', { name: 'Profil' })[0]!);
    expect(await screen.findByTestId('api-tokens')).toBeInTheDocument();
    expect(screen.queryByTestId('error-page')).toBeNull();
  });
});
