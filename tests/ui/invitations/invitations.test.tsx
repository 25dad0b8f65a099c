/**
 * Invitations in the UI (issue 17, finding 2): "Invite user" on the users list opens the invitation form
 * (no password field), the open invitations list offers resend and revoke (with a confirmation), and the
 * invitee sets a password on /login/invitation, checked as they type and when they leave a field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InvitationRecord } from '../../../src/core/api';
import type { Row } from '../../../src/mocks/store';
import { API, editor, mandantAdmin, server, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

const open: InvitationRecord = {
  id: 7,
  mandant_id: 1,
  email: 'neu@muster.example',
  name: 'Nora Neu',
  role: 'viewer',
  language: 'de',
  invited_by: 2,
  sent_at: '2026-01-01T10:00:00Z',
  expires_at: '2099-01-08T10:00:00Z',
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  version: 1,
};
const expired: InvitationRecord = {
  ...open,
  id: 8,
  email: 'alt@muster.example',
  name: 'Otto Alt',
  expires_at: '2020-01-08T10:00:00Z',
};

function invitationsApi(records: InvitationRecord[]) {
  // The invitations in the shared handlers' store, which lists, resends and deletes them; the spies say what was asked.
  for (const record of records) store.table('invitations').set(String(record.id), record as unknown as Row);
  return { resent: spy('post', '/invitations/:id/resend'), deleted: spy('delete', '/invitations/:id') };
}

/** The link's account, as `GET /api/invitations/by-token?token=` names it; `calls` collects the lookups. */
function serveLink(calls: string[] = []) {
  server.use(
    http.get(`${API}/invitations/by-token`, ({ request }) => {
      calls.push(`lookup ${new URL(request.url).searchParams.get('token')}`);
      return HttpResponse.json({ email: 'lea.lauf@muster.example', mandant: 'Druckerei Muster', status: 'open' });
    }),
  );
}

describe('invitations', () => {
  it(
    'invites from the users list: name, address, role, language — no password — and says "sent"',
    async () => {
      invitationsApi([open]);
      const sent = spy('post', '/invitations').bodies;
      const { user } = renderApp('/users', { signedInAs: mandantAdmin });
      await screen.findByText('editor@muster.example');
      expect(screen.queryByRole('link', { name: 'Erstellen' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Offene Einladungen' })).toHaveAttribute('href', '/invitations');
      await user.click(screen.getByRole('link', { name: 'Benutzer einladen' }));

      await screen.findByText(/erhält eine E-Mail mit einem Link/);
      expect(document.querySelector('input[type="password"]')).toBeNull();
      const email = screen.getByLabelText(/^E-Mail/);
      await user.type(screen.getByLabelText(/^Name/), 'Lea Lauf');
      // The browser accepts an address without a domain ending; the form does not.
      await user.type(email, 'lea@muster');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      // Refused before anything is sent, and checked again as the address is corrected.
      expect(await screen.findByText('Muss eine gültige E-Mail sein')).toBeInTheDocument();
      expect(sent).toEqual([]);
      await user.clear(email);
      await user.type(email, 'Lea.Lauf@muster.example');
      await waitFor(() => expect(screen.queryByText('Muss eine gültige E-Mail sein')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Speichern' }));

      expect(await screen.findByText('Einladung gesendet.')).toBeInTheDocument();
      expect(sent).toEqual([{ name: 'Lea Lauf', email: 'Lea.Lauf@muster.example', role: 'editor', language: 'de' }]);
      await waitFor(() => expect(window.location.pathname).toBe('/invitations'));
    },
    40_000 * slowdown(),
  );

  it('lists open invitations with their expiry; resends and revokes after a confirmation', async () => {
    const { resent, deleted } = invitationsApi([open, expired]);
    const { user } = renderApp('/invitations', { signedInAs: mandantAdmin });
    const row = (await screen.findByText('neu@muster.example')).closest('tr')!;
    const oldRow = screen.getByText('alt@muster.example').closest('tr')!;
    expect(within(oldRow).getByText('Abgelaufen')).toBeInTheDocument();
    expect(within(row).queryByText('Abgelaufen')).not.toBeInTheDocument();
    expect(within(row).getByText(/2099/)).toBeInTheDocument();
    expect(within(row).getByText('Nur lesen')).toBeInTheDocument();

    await user.click(within(oldRow).getByRole('button', { name: 'Erneut senden' }));
    expect(await screen.findByText(/Einladung erneut gesendet/)).toBeInTheDocument();
    expect(resent.paths).toEqual(['/invitations/8/resend']);

    await user.click(within(row).getByRole('button', { name: 'Widerrufen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Einladung für neu@muster.example widerrufen?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Einladung widerrufen.')).toBeInTheDocument();
    expect(deleted.paths).toEqual(['/invitations/7']);
    expect(resent.paths).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('neu@muster.example')).not.toBeInTheDocument());
  });

  it('the invitee sets a password on /login/invitation, checked on input and on blur', async () => {
    let body: Record<string, unknown> | null = null;
    serveLink();
    server.use(
      http.post(`${API}/auth/accept-invitation`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ email: 'lea.lauf@muster.example' });
      }),
    );
    const { user } = renderApp('/login/invitation?token=abc-123');
    expect(await screen.findByRole('heading', { name: 'Einladung annehmen', level: 1 })).toBeInTheDocument();
    const password = screen.getByLabelText(/^Passwort \*?$/);
    const repeat = screen.getByLabelText(/^Passwort wiederholen/);
    await user.type(password, 'short');
    expect(screen.getByText('Mindestens 10 Zeichen')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.type(password, '-but-now-long');
    expect(password).toHaveAttribute('aria-invalid', 'false');
    // Leaving the empty repeat field marks it; typing a different password keeps it marked.
    await user.click(repeat);
    await user.tab();
    expect(await screen.findByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
    await user.type(repeat, 'short-but-now-lon');
    expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    expect(body).toBeNull();
    await user.type(repeat, 'g');
    expect(screen.queryByText('Die Passwörter stimmen nicht überein')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }));

    expect(await screen.findByText(/Ihr Konto lea.lauf@muster.example ist bereit/)).toBeInTheDocument();
    expect(body).toEqual({ token: 'abc-123', password: 'short-but-now-long' });
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
  });

  it('shows why a link refused only on submitting is refused', async () => {
    serveLink();
    server.use(
      http.post(`${API}/auth/accept-invitation`, () =>
        HttpResponse.json(
          {
            message:
              'Diese Einladung ist abgelaufen. Bitten Sie Ihre Administratorin oder Ihren Administrator um eine neue.',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/login/invitation?token=old');
    await user.type(await screen.findByLabelText(/^Passwort \*?$/), 'long-enough-pw');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'long-enough-pw');
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    expect(await screen.findByText(/Diese Einladung ist abgelaufen/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/login');
  });

  it('names the account before the form, creates it, and signs the invitee in (issue #35)', async () => {
    const calls: string[] = [];
    serveLink(calls);
    server.use(
      http.post(`${API}/auth/accept-invitation`, () => {
        calls.push('accept');
        return HttpResponse.json({ email: 'lea.lauf@muster.example' });
      }),
      http.post(`${API}/auth/login`, async ({ request }) => {
        calls.push(`login ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({
          token: 'session-lea',
          expires_at: '2099-01-01T00:00:00Z',
          user: { ...editor, email: 'lea.lauf@muster.example', name: 'Lea Lauf' },
        });
      }),
    );
    const { user } = renderApp('/login/invitation?token=abc-123');
    expect(await screen.findByTestId('invitation-account')).toHaveTextContent(
      'Sie legen das Konto lea.lauf@muster.example für Druckerei Muster an.',
    );
    await user.type(screen.getByLabelText(/^Passwort \*?$/), 'long-enough-pw');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'long-enough-pw');
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    await waitFor(() =>
      expect(calls).toEqual([
        'lookup abc-123',
        'accept',
        'login {"email":"lea.lauf@muster.example","password":"long-enough-pw"}',
      ]),
    );
    // Signed in: the login page's form is not where the invitee lands.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Konto anlegen' })).not.toBeInTheDocument());
  });

  it('says before the form that a used or expired link no longer works (issue #35)', async () => {
    const message =
      'Dieser Einladungslink ist nicht mehr gültig: Er wurde bereits verwendet, widerrufen oder durch einen neueren ersetzt.';
    server.use(http.get(`${API}/invitations/by-token`, () => HttpResponse.json({ message }, { status: 404 })));
    renderApp('/login/invitation?token=used');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Passwort \*?$/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/login');
  });

  it('says so when the link has no token', async () => {
    renderApp('/login/invitation');
    expect(await screen.findByText(/Dieser Link ist unvollständig/)).toBeInTheDocument();
  });
});
