/**
 * The sign-in shell (src/client/signin): what a visitor who is not signed in meets before react-admin loads — the same
 * form and messages as the app's /login, the five languages, the way back to the page asked for, and the app in its
 * place after signing in.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startClient } from '../../../src/client/signin/startClient';
import { SESSION_STORAGE_KEY, writeSession } from '../../../src/client/providers/session';
import { API, editor, mandantAdmin, scenarios, server, state } from '../mockServer';
import '../renderApp';

let root: Root | null = null;

async function start(path: string): Promise<ReturnType<typeof userEvent.setup>> {
  window.history.pushState({}, '', path);
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(() => startClient(root!));
  return userEvent.setup();
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(await screen.findByRole('textbox', { name: /e-mail/i }), email);
  await user.type(document.querySelector('input[name="password"]')!, password);
  await user.click(document.querySelector('button[type="submit"]')!);
}

// The first test to reach the app transforms its modules on demand: slow on a shared machine.
describe('sign-in shell', { timeout: 45_000 }, () => {
  it('shows the login page at /login without loading the app, and the app once signed in', async () => {
    state.me = editor;
    const user = await start('/login');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Anmelden – Kontor');
    expect(screen.queryByTestId('user-menu')).toBeNull();

    await signIn(user, editor.email, 'kontor-demo');
    expect(await screen.findByText('Willkommen, Eddi Editor')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({
      user: { email: editor.email },
    });
  });

  it('sends a signed-out visitor to /login and back to the page asked for after signing in', async () => {
    state.me = mandantAdmin;
    const user = await start('/users?x=1');
    await screen.findByRole('heading', { name: 'Anmelden' });
    expect(window.location.pathname).toBe('/login');

    await signIn(user, mandantAdmin.email, 'kontor-demo');
    expect(await screen.findByText('editor@muster.example')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/users?x=1');
  });

  it('words a wrong password and a throttled sign-in as the app does', async () => {
    const user = await start('/login');
    await signIn(user, editor.email, 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail oder Passwort ist falsch.');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ message: 'Slow down' }, { status: 429, headers: { 'Retry-After': '4' } }),
      ),
    );
    await user.click(document.querySelector('button[type="submit"]')!);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Zu viele Anmeldeversuche. Bitte versuchen Sie es in 4 Sekunden erneut.',
      ),
    );
    expect(window.location.pathname).toBe('/login');
  });

  it('speaks the language the browser prefers and switches to any of the five', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-CH', 'fr']);
    const user = await start('/login');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');

    await user.click(screen.getByTestId('language-menu'));
    await user.click(await screen.findByTestId('language-option-en'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('i18n_redirected=en');

    for (const language of ['it', 'es', 'de']) {
      await user.click(screen.getByTestId('language-menu'));
      await user.click(await screen.findByTestId(`language-option-${language}`));
      await waitFor(() => expect(document.documentElement.lang).toBe(language));
    }
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    await signIn(user, editor.email, 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail oder Passwort ist falsch.');
  });

  it('opens the forgot-password page in the app', async () => {
    const user = await start('/login');
    await user.click(await screen.findByRole('link', { name: 'Passwort vergessen?' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login/forgot-password'));
    expect(await screen.findByRole('textbox', { name: /e-mail/i })).toBeInTheDocument();
    expect(document.querySelector('input[name="password"]')).toBeNull();
  });

  it('leaves /login to the app while signed in: it goes home', async () => {
    state.me = editor;
    writeSession({ token: `token-${editor.id}`, user: editor });
    await start('/login');
    await screen.findByTestId('user-menu');
    expect(window.location.pathname).toBe('/');
  });

  it('with a stored session that has expired (401 on the first request), signs in and shows the page asked for', async () => {
    // The expired-session scenario at start-up: the stored token no longer counts until the next sign-in.
    state.me = mandantAdmin;
    writeSession({ token: `token-${mandantAdmin.id}`, user: mandantAdmin });
    scenarios.set({ sessionExpiredAt: Date.now() });
    const user = await start('/users');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    await signIn(user, mandantAdmin.email, 'kontor-demo');
    await waitFor(() => expect(window.location.pathname).toBe('/users'));
    expect(await screen.findByText('editor@muster.example')).toBeInTheDocument();
  });
});
