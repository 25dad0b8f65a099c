/**
 * Persistence of the client state (and its failure path), saving while offline, branding from the mandant's
 * settings, and the profile's mandant settings and personal API tokens.
 */
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MandantRecord } from '../../../src/core/api';
import type { Row } from '../../../src/mocks/store';
import { factorDatabase, putRecords } from '../calculations.mock';
import { editor, mandantAdmin, mandantRecords, scenarios, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import {
  CLIENT_STATE_KEY,
  CLIENT_STATE_VERSION,
  parseClientState,
  readClientState,
} from '../../../src/client/shell/persistence/clientState';
import { useClientValue } from '../../../src/client/shell/persistence/useClientState';

/** The browser says it is offline, and the offline scenario fails every request as a refused network request would. */
function goOffline() {
  scenarios.set({ offline: true });
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

// react-query's online state is global: every test starts online again.
// Full-app renders on a 2-core machine: several seconds each when the suites run side by side. The project's timeout
// (60 s, more on a loaded machine) holds for these tests; the waits start from 30 s and grow with the load likewise.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  window.dispatchEvent(new Event('online'));
});

describe('persisted client state', () => {
  it.each([
    ['corrupt JSON', '{"version":1,"compilations":'],
    ['a wrong shape', JSON.stringify({ version: CLIENT_STATE_VERSION, compilations: ['not', 'an', 'object'] })],
    ['an old version', JSON.stringify({ version: 0, compilations: {} })],
  ])('warns, removes the entry and starts empty after %s', async (_case, stored) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.setItem(CLIENT_STATE_KEY, stored);
    renderApp('/', { signedInAs: editor });
    expect(await screen.findByText(/Das lokale Profil konnte nicht geladen werden/)).toBeInTheDocument();
    expect(window.localStorage.getItem(CLIENT_STATE_KEY)).toBeNull();
    expect(readClientState().compilations).toEqual({});
    // The app carries on.
    expect(await screen.findByText('Willkommen, Eddi Editor')).toBeInTheDocument();
  });

  it('keeps a valid entry, and writes every change under one key', () => {
    window.localStorage.setItem(CLIENT_STATE_KEY, JSON.stringify({ version: 1, compilations: { viewMode: 'cards' } }));
    const Probe = () => {
      const [mode, setMode] = useClientValue<'table' | 'cards'>('compilations', 'viewMode', 'table');
      return <button onClick={() => setMode(mode === 'cards' ? 'table' : 'cards')}>{mode}</button>;
    };
    render(<Probe />);
    expect(screen.getByRole('button')).toHaveTextContent('cards');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('table');
    const stored = parseClientState(window.localStorage.getItem(CLIENT_STATE_KEY)!);
    expect(stored?.compilations).toEqual({ viewMode: 'table' });
    expect(stored?.version).toBe(CLIENT_STATE_VERSION);
    expect(Object.keys(stored!).sort()).toEqual([
      'compilations',
      'databases',
      'mandant',
      'migration',
      'orders',
      'profile',
      'version',
    ]);
  });

  it('keeps an unsent profile draft across a reload', async () => {
    const first = renderApp('/profile', { signedInAs: editor });
    const name = await screen.findByLabelText(/^Name/);
    await first.user.clear(name);
    await first.user.type(name, 'Eddi Entwurf');
    await waitFor(() => expect(readClientState().profile).toMatchObject({ draft: { name: 'Eddi Entwurf' } }));
    first.unmount();

    const second = renderApp('/profile', { signedInAs: editor });
    expect(await screen.findByDisplayValue('Eddi Entwurf')).toBeInTheDocument();
    expect(screen.getByTestId('profile-draft-restored')).toBeInTheDocument();
    second.unmount();

    // Another user on the same browser does not get it.
    renderApp('/profile', { signedInAs: mandantAdmin });
    expect(await screen.findByDisplayValue('Erika Muster')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-draft-restored')).toBeNull();
  });
});

describe('saving while offline', () => {
  it('explains that the profile change was not sent and keeps the form content', async () => {
    const { user } = renderApp('/profile', { signedInAs: editor });
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Eddi Offline');
    goOffline();
    expect(await screen.findByTestId('offline-indicator')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Speichern' })[0]!);
    expect(await screen.findByText(/Die Änderung konnte nicht gesendet werden/)).toBeInTheDocument();
    expect(screen.getByDisplayValue('Eddi Offline')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/profile');
  });

  it('keeps a react-admin edit form as it is when the save cannot be sent (pessimistic mode)', async () => {
    const { user } = renderApp('/users/3', { signedInAs: mandantAdmin });
    const email = await screen.findByDisplayValue('editor@muster.example');
    await user.clear(email);
    await user.type(email, 'neu@muster.example');
    goOffline();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Keine Verbindung: Die Änderung konnte nicht gesendet werden/)).toBeInTheDocument();
    expect(screen.getByDisplayValue('neu@muster.example')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/users/3');
  });

  it('says the server is unreachable when the browser is online but the request fails', async () => {
    const { user } = renderApp('/profile', { signedInAs: editor });
    const name = await screen.findByLabelText(/^Name/);
    await user.type(name, 'x');
    // The network fails (the offline scenario) while the browser still says it is online.
    scenarios.set({ offline: true });
    await user.click(screen.getAllByRole('button', { name: 'Speichern' })[0]!);
    expect(await screen.findByText(/Der Server ist nicht erreichbar/)).toBeInTheDocument();
  });
});

describe('branding', () => {
  it('takes provider name, logo and colour from the mandant settings', async () => {
    const branded: MandantRecord = {
      ...mandantRecords[0]!,
      settings: { provider_name: 'Druckerei Muster', logo_url: '/logo-muster.svg', primary_color: '#6a1b9a' },
    };
    store.table('mandants').set('1', branded as unknown as Row);
    renderApp('/', { signedInAs: editor });
    await waitFor(() => expect(document.title).toBe('Übersicht – Druckerei Muster'));
    expect(await screen.findByTestId('brand-logo')).toHaveAttribute('src', '/logo-muster.svg');
    expect(screen.getByText('Ein Angebot von Druckerei Muster')).toBeInTheDocument();
  });

  it('uses the configured provider name without mandant settings', async () => {
    renderApp('/', { signedInAs: editor });
    await waitFor(() => expect(document.title).toBe('Übersicht – Kontor'));
  });
});

describe('profile: mandant settings and API tokens', () => {
  it('lets a mandant admin change the mandant settings (PUT /api/mandants/:id with version)', async () => {
    // A published database to choose as the default; the shared handlers answer the save (version 1 → 2).
    putRecords('databases', [factorDatabase(7, '2026', { name: 'Kontor Demo' })]);
    const saved = spy('put', '/mandants/1');
    const { user } = renderApp('/profile', { signedInAs: mandantAdmin });
    const card = await screen.findByTestId('mandant-settings');
    await user.type(within(card).getByLabelText('Anbietername'), 'Druckerei Muster Direkt');
    await user.type(within(card).getByLabelText('Name auf dem Zertifikat'), 'Druckerei Muster GmbH');
    await user.click(within(card).getByLabelText('auf 0,1 t'));
    await user.click(within(card).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Einstellungen des Mandanten wurden gespeichert')).toBeInTheDocument();
    expect(saved.bodies[0]).toMatchObject({
      name: 'Druckerei Muster',
      version: 1,
      settings: {
        provider_name: 'Druckerei Muster Direkt',
        certificate_name: 'Druckerei Muster GmbH',
        offset_rounding_t: 0.1,
      },
    });
  });

  it('shows the mandant settings only to mandant admins', async () => {
    renderApp('/profile', { signedInAs: editor });
    expect(await screen.findByTestId('api-tokens')).toBeInTheDocument();
    expect(screen.queryByTestId('mandant-settings')).toBeNull();
  });

  it('creates a personal API token, shows it once, and revokes it', async () => {
    const asked = spy('post', '/auth/tokens');
    const { user } = renderApp('/profile', { signedInAs: editor });
    const card = await screen.findByTestId('api-tokens');
    expect(await within(card).findByText('Sie haben noch keine API-Tokens.')).toBeInTheDocument();
    await user.type(within(card).getByLabelText(/^Bezeichnung/), 'ERP');
    await user.click(within(card).getByRole('button', { name: 'Token erstellen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Ihr neues API-Token' });
    const secret = within(dialog).getByDisplayValue(/^kontor_mock_\d+$/);
    const id = (secret as HTMLInputElement).value.replace('kontor_mock_', '');
    expect(asked.bodies).toEqual([{ name: 'ERP', expires_in_days: 90 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(`kontor_mock_${id}`)).toBeNull();

    const row = (await within(card).findByText('ERP')).closest('tr')!;
    expect(row).toHaveTextContent('ERP');
    expect(row).toHaveTextContent('nie');
    await user.click(within(row).getByRole('button', { name: 'Token „ERP“ widerrufen' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: /Bestätigen|Ja/ }));
    expect(await screen.findByText('Das Token „ERP“ wurde widerrufen')).toBeInTheDocument();
    expect(await within(card).findByText('Sie haben noch keine API-Tokens.')).toBeInTheDocument();
  });
});

describe('password change', () => {
  it('says a new password ends the other sessions and API tokens, and sends whether to keep the tokens', async () => {
    const sent = spy('put', '/auth/me');
    const { user } = renderApp('/profile', { signedInAs: editor });
    expect(
      await screen.findByText('Ein neues Passwort meldet Sie überall sonst ab und beendet Ihre API-Tokens.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'old-pass-1');
    await user.type(screen.getByLabelText('Neues Passwort'), 'new-pass-1');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'new-pass-1');
    await user.click(screen.getByLabelText('Meine API-Tokens behalten (Integrationen laufen weiter)'));
    await user.click(screen.getAllByRole('button', { name: 'Speichern' })[0]!);
    await waitFor(() => expect(sent.bodies).toHaveLength(1));
    expect(sent.bodies[0]).toMatchObject({
      current_password: 'old-pass-1',
      new_password: 'new-pass-1',
      keep_api_tokens: true,
    });
  });

  it('drops the stale "form invalid" notice when the corrected form is saved (issue #35)', async () => {
    const { user } = renderApp('/profile', { signedInAs: editor });
    await user.type(await screen.findByLabelText('Neues Passwort'), 'new-pass-1');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'new-pass-1');
    await user.click(screen.getAllByRole('button', { name: 'Speichern' })[0]!);
    const invalid = 'Das Formular ist ungültig. Bitte überprüfen Sie Ihre Eingaben.';
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'old-pass-1');
    await user.click(screen.getAllByRole('button', { name: 'Speichern' })[0]!);
    expect(await screen.findByText('Ihr Profil wurde gespeichert')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(invalid)).toBeNull());
  });
});
