import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, editor, mandantAdmin, scenarios, server } from '../mockServer';
import { renderApp } from '../renderApp';
import { SESSION_STORAGE_KEY } from '../../../src/client/providers/session';

async function signIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  const emailInput = await screen.findByRole('textbox', { name: /e-mail/i });
  await user.type(emailInput, email);
  await user.type(document.querySelector('input[name="password"]')!, password);
  await user.click(document.querySelector('button[type="submit"]')!);
}

describe('sign-in', () => {
  it('signs in, stores the session and shows the menu with a link to every screen', async () => {
    const { user } = renderApp('/login');
    await signIn(user, editor.email, 'kontor-demo');

    await waitFor(() => expect(screen.getByTestId('user-menu')).toHaveTextContent('Eddi Editor'));
    expect(await screen.findByText('Willkommen, Eddi Editor')).toBeInTheDocument();
    for (const href of [
      '/',
      '/calculations',
      '/collections',
      '/compare',
      '/importer',
      '/migrations',
      '/carbon-offset-projects',
      '/protocol',
      '/statistics',
      '/profile',
    ]) {
      expect(document.querySelector(`a[href="${href}"]`), href).not.toBeNull();
    }
    // An editor manages neither users nor mandants.
    expect(document.querySelector('a[href="/users"]')).toBeNull();
    expect(document.querySelector('a[href="/mandants"]')).toBeNull();
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    expect(stored).toMatchObject({ token: `token-${editor.id}`, user: { email: editor.email } });
  });

  it('shows a clear message when the credentials are wrong', async () => {
    const { user } = renderApp('/login');
    await signIn(user, editor.email, 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail oder Passwort ist falsch.');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('says so when sign-in is rate-limited', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ message: 'Slow down' }, { status: 429 })));
    const { user } = renderApp('/login');
    await signIn(user, editor.email, 'kontor-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Zu viele Versuche/);
  });

  it('opened while signed in, /login goes home instead of showing the form', async () => {
    renderApp('/login', { signedInAs: editor });
    await screen.findByTestId('user-menu');
    expect(window.location.pathname).toBe('/');
    expect(document.querySelector('input[name="password"]')).toBeNull();
  });

  it('says how long to wait when a throttled sign-in answers with Retry-After', async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ message: 'Slow down' }, { status: 429, headers: { 'Retry-After': '4' } }),
      ),
    );
    const { user } = renderApp('/login');
    await signIn(user, editor.email, 'kontor-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zu viele Anmeldeversuche. Bitte versuchen Sie es in 4 Sekunden erneut.',
    );
  });

  it('tells an editor who opens /users or /mandants that the page is not theirs, not that it does not exist', async () => {
    const { unmount } = renderApp('/users', { signedInAs: editor });
    expect(await screen.findByTestId('not-allowed')).toHaveTextContent(/nicht berechtigt/);
    expect(screen.queryByText('Diese Seite wurde nicht gefunden')).toBeNull();
    unmount();
    renderApp('/mandants', { signedInAs: mandantAdmin });
    expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
  });

  it('shows users and mandants menu entries by role', async () => {
    renderApp('/', { signedInAs: mandantAdmin });
    await screen.findByTestId('user-menu');
    await waitFor(() => expect(document.querySelector('a[href="/users"]')).not.toBeNull());
    expect(document.querySelector('a[href="/mandants"]')).toBeNull();
  });

  it('sends the user to /login on a 401 and back to where they were after signing in', async () => {
    let rejectOnce = true;
    server.use(
      http.get(`${API}/users`, () => {
        if (!rejectOnce) return undefined;
        rejectOnce = false;
        return HttpResponse.json({ message: 'Session expired' }, { status: 401 });
      }),
    );
    const { user } = renderApp('/users', { signedInAs: mandantAdmin });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    await signIn(user, mandantAdmin.email, 'kontor-demo');
    await waitFor(() => expect(window.location.pathname).toBe('/users'));
    expect(await screen.findByText('editor@muster.example')).toBeInTheDocument();
  });

  it('also when a screen that calls the API directly (statistics) meets an expired session', async () => {
    let rejected = false;
    server.use(
      http.get(`${API}/statistics/:name`, ({ params }) => {
        if (rejected)
          return HttpResponse.json({
            name: params.name,
            from: '2026-01-01',
            to: '2026-12-31',
            mandant_id: 1,
            columns: [{ key: 'co2e_kg', unit: 'kg_co2e' }],
            rows: [],
          });
        rejected = true;
        return HttpResponse.json({ message: 'Session expired' }, { status: 401 });
      }),
    );
    const { user } = renderApp('/statistics', { signedInAs: mandantAdmin });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    await signIn(user, mandantAdmin.email, 'kontor-demo');
    await waitFor(() => expect(window.location.pathname).toBe('/statistics'));
    expect(await screen.findByTestId('statistics-overview')).toBeInTheDocument();
  });

  it('with a session that expired before the page opened (401 on the first request), signs in and shows the page', async () => {
    // The expired-session scenario: the stored token no longer counts until the next sign-in.
    scenarios.set({ sessionExpiredAt: Date.now() });
    const { user } = renderApp('/users', { signedInAs: mandantAdmin });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    await signIn(user, mandantAdmin.email, 'kontor-demo');
    await waitFor(() => expect(window.location.pathname).toBe('/users'));
    expect(await screen.findByText('editor@muster.example')).toBeInTheDocument();
    expect(screen.getByTestId('user-menu')).toHaveTextContent('Erika Muster');
  });

  it('signs out from the user menu', async () => {
    const { user } = renderApp('/', { signedInAs: editor });
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(within(document.body).queryByTestId('user-menu')).toBeNull();
  });
});
