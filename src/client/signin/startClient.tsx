/**
 * What the entry module shows first, decided without loading react-admin: a visitor without a stored session gets the
 * sign-in shell, everyone else (and the sign-in pages reached from e-mails) the app. After signing in, the shell goes
 * where the visitor was headed and loads the app in its place.
 */
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { applyLanguage, resolveInitialLanguage } from '../i18n/languagePreference';
import { readSession } from '../providers/session';

const LOGIN_PATH = '/login';

/** Pages a signed-out visitor reaches in the app itself: links from e-mails, the forgot-password form, signing out. */
function appServesSignedOut(pathname: string): boolean {
  return pathname.startsWith(`${LOGIN_PATH}/`) || pathname === '/logout' || pathname === '/auth-callback';
}

/**
 * Where to go after signing in: the page asked for, or (a reload of /login the app sent someone to) the page
 * react-router remembered in the history entry, or home.
 */
function pageAfterSignIn(location: Location, historyState: unknown): string {
  if (location.pathname !== LOGIN_PATH) return `${location.pathname}${location.search}${location.hash}`;
  const remembered = (historyState as { usr?: { nextPathname?: unknown; nextSearch?: unknown } } | null)?.usr;
  if (typeof remembered?.nextPathname === 'string' && remembered.nextPathname.startsWith('/'))
    return `${remembered.nextPathname}${typeof remembered.nextSearch === 'string' ? remembered.nextSearch : ''}`;
  return '/';
}

async function showApp(root: Root): Promise<void> {
  const { App } = await import('../App');
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

export async function startClient(root: Root): Promise<void> {
  if (readSession() || appServesSignedOut(window.location.pathname)) return showApp(root);

  const next = pageAfterSignIn(window.location, window.history.state);
  // As react-admin would: the address says where the visitor is, once (no entry for the page they could not see).
  if (window.location.pathname !== LOGIN_PATH) window.history.replaceState(null, '', LOGIN_PATH);
  const [{ SignInShell }, { loadSignInLanguage }] = await Promise.all([
    import('./SignInShell'),
    import('./signInMessages'),
  ]);
  const language = await loadSignInLanguage(resolveInitialLanguage());
  applyLanguage(language);
  root.render(
    <StrictMode>
      <SignInShell
        initialLanguage={language}
        onSignedIn={() => {
          window.history.pushState(null, '', next);
          return showApp(root);
        }}
        onOpenInApp={(path) => {
          window.history.pushState(null, '', path);
          void showApp(root);
        }}
      />
    </StrictMode>,
  );
}
