import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { editor, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import { SESSION_STORAGE_KEY } from '../../../src/client/providers/session';
import { slowdown } from '../../support/load';

const languageCookie = () => document.cookie.match(/(?:^|; )i18n_redirected=([^;]*)/)?.[1];

describe('languages', () => {
  it(
    'switches the language from the app bar: texts, <html lang>, cookie and profile follow',
    async () => {
      const saved = spy('put', '/auth/me').bodies;
      const { user } = renderApp('/', { signedInAs: editor });
      // The first render of the file loads the app's chunks: slow in jsdom on a busy machine.
      expect(await screen.findByText('Willkommen, Eddi Editor', {}, { timeout: 30_000 })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('de');
      // The tab names the page, in the interface language.
      await waitFor(() => expect(document.title).toBe('Übersicht – Kontor'));

      await user.click(screen.getByTestId('language-menu'));
      await user.click(await screen.findByTestId('language-option-fr'));

      expect(await screen.findByText('Bienvenue, Eddi Editor')).toBeInTheDocument();
      expect(document.querySelector('a[href="/carbon-offset-projects"]')).toHaveTextContent('Projets climat');
      expect(document.documentElement.lang).toBe('fr');
      expect(languageCookie()).toBe('fr');
      await waitFor(() => expect(document.title).toBe('Tableau de bord – Kontor'));
      await waitFor(() => expect(saved).toEqual([{ language: 'fr' }]));
      expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!).user.language).toBe('fr');
    },
    60_000 * slowdown(),
  );

  it('uses the browser language on a first visit and remembers it in the cookie', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['es-ES', 'es']);
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(languageCookie()).toBe('es');
  });

  it('prefers the cookie over the browser, and an unsupported browser language falls back to German', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['ja-JP']);
    document.cookie = 'i18n_redirected=it; path=/';
    const first = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    first.unmount();

    document.cookie = 'i18n_redirected=; path=/; max-age=0';
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });

  it('warns about an unknown language code in the cookie and shows German', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['xx']);
    document.cookie = 'i18n_redirected=klingon; path=/';
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('klingon'));
  });

  it('switches to the language of the profile after signing in', async () => {
    // The editor's profile says Italian.
    store.account(editor.email)!.session.user.language = 'it';
    const { user } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: /E-Mail/ }), editor.email);
    await user.type(document.querySelector('input[name="password"]')!, 'kontor-demo');
    await user.click(document.querySelector('button[type="submit"]')!);
    expect(await screen.findByText('Benvenuto, Eddi Editor')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('it');
    expect(languageCookie()).toBe('it');
  });

  it('switches the language on the login page too', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByTestId('language-menu'));
    await user.click(await screen.findByTestId('language-option-en'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(languageCookie()).toBe('en');
  });
});
