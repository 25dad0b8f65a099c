import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, editor, mandantAdmin, server, spy } from '../mockServer';
import { renderApp } from '../renderApp';
import { SESSION_STORAGE_KEY } from '../../../src/client/providers/session';

describe('screens of the shell', () => {
  it('answers an unknown route with the 404 page and a way home', async () => {
    const { user } = renderApp('/no/such/page', { signedInAs: editor });
    expect(
      await screen.findByRole('heading', { name: 'Diese Seite wurde nicht gefunden', level: 1 }),
    ).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Zurück zur Startseite' });
    expect(home).toHaveAttribute('href', '/');
    await user.click(home);
    expect(await screen.findByText('Willkommen, Eddi Editor')).toBeInTheDocument();
  });

  it('lists users from the API with their translated roles', async () => {
    const listed = spy('get', '/users');
    renderApp('/users', { signedInAs: mandantAdmin });
    const row = (await screen.findByText('editor@muster.example')).closest('tr')!;
    expect(within(row).getByText('Eddi Editor')).toBeInTheDocument();
    expect(within(row).getByText('Bearbeitung')).toBeInTheDocument();
    expect(screen.getByText('admin@muster.example')).toBeInTheDocument();
    expect(listed.queries[0]).toContain('sort=["name","ASC"]');
    expect(listed.queries[0]).toContain('range=[0,24]');
  });

  it('shows a server field error beside the field and keeps the input', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.put(`${API}/users/3`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { message: 'Validation failed', errors: { email: 'This email address is already in use.' } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/users/3', { signedInAs: mandantAdmin });
    const email = await screen.findByDisplayValue('editor@muster.example');
    await user.clear(email);
    await user.type(email, 'admin@muster.example');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('This email address is already in use.')).toBeInTheDocument();
    expect(sent).toMatchObject({ email: 'admin@muster.example', version: 4 });
    expect(sent).not.toHaveProperty('password');
    expect(window.location.pathname).toBe('/users/3');
    expect(screen.getByDisplayValue('admin@muster.example')).toBeInTheDocument();
  });

  it('validates the profile form and shows the server field error for a wrong current password', async () => {
    server.use(
      http.put(`${API}/auth/me`, () =>
        HttpResponse.json(
          { message: 'Validation failed', errors: { current_password: 'The current password is wrong.' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/profile', { signedInAs: editor });
    await screen.findByRole('heading', { name: 'Mein Profil', level: 2 });
    const [current, next, repeat] = Array.from(
      document.querySelectorAll('input[type="password"]'),
    ) as HTMLInputElement[];
    await user.type(next, 'a-new-password-1');
    await user.type(repeat, 'a-different-one');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
    expect(screen.getByText(/aktuelle Passwort benötigt/)).toBeInTheDocument();

    await user.clear(repeat);
    await user.type(repeat, 'a-new-password-1');
    await user.type(current, 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('The current password is wrong.')).toBeInTheDocument();
  });

  it('saves name and language in the profile', async () => {
    const { user } = renderApp('/profile', { signedInAs: editor });
    const name = await screen.findByDisplayValue('Eddi Editor');
    await user.clear(name);
    await user.type(name, 'Edda Editor');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Ihr Profil wurde gespeichert')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('user-menu')).toHaveTextContent('Edda Editor'));
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!).user.name).toBe('Edda Editor');
  });

  it('asks for a reset link without revealing whether the account exists', async () => {
    const asked = spy('post', '/auth/forgot-password');
    const { user } = renderApp('/login/forgot-password');
    await user.type(await screen.findByRole('textbox', { name: /E-Mail/ }), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(await screen.findByText(/Falls ein Konto mit dieser Adresse existiert/)).toBeInTheDocument();
    expect(asked.bodies).toEqual([{ email: 'someone@example.com' }]);
  });

  it("checks the forgot-password address on input and on blur, with Kontor's messages, before sending", async () => {
    const asked = spy('post', '/auth/forgot-password');
    const { user } = renderApp('/login/forgot-password');
    const email = await screen.findByRole('textbox', { name: /E-Mail/ });
    await user.click(email);
    await user.tab();
    expect(await screen.findByText('Benötigt')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'kein-at-zeichen');
    expect(await screen.findByText('Muss eine gültige E-Mail sein')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(asked.bodies).toHaveLength(0);
    await user.clear(email);
    await user.type(email, 'someone@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });

  it('checks a new password on blur and its repetition as it is typed, before anything is sent', async () => {
    const sent = spy('post', '/auth/reset-password');
    const { user } = renderApp('/login/reset?token=good');
    const [password, repeat] = await screen.findAllByLabelText(/Neues Passwort/);
    await user.click(password!);
    await user.tab();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.type(password!, 'long-enough-1');
    expect(password).toHaveAttribute('aria-invalid', 'false');
    await user.type(repeat!, 'long-enough-2');
    expect(await screen.findByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
    expect(sent.bodies).toEqual([]);
  });

  it('shows an offline indicator while the browser is offline', async () => {
    renderApp('/', { signedInAs: editor });
    await screen.findByTestId('user-menu');
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByTestId('offline-indicator')).toHaveTextContent(/Keine Verbindung/);
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('offline-indicator')).toBeNull());
  });

  it('sets a new password from the reset link, and explains an expired link', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/auth/reset-password`, async ({ request }) => {
        const body = (await request.json()) as { token: string };
        bodies.push(body);
        return body.token === 'good'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json({ message: 'Token expired' }, { status: 400 });
      }),
    );
    const first = renderApp('/login/reset?token=good');
    const [password, repeat] = await screen.findAllByLabelText(/Neues Passwort/);
    await first.user.type(password, 'short');
    await first.user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Mindestens 10 Zeichen')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await first.user.clear(password);
    await first.user.type(password, 'long-enough-1');
    await first.user.type(repeat, 'long-enough-1');
    await first.user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText(/Ihr Passwort wurde geändert/)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'good', password: 'long-enough-1' }]);
    first.unmount();

    const second = renderApp('/login/reset?token=old');
    const [password2, repeat2] = await screen.findAllByLabelText(/Neues Passwort/);
    await second.user.type(password2, 'long-enough-1');
    await second.user.type(repeat2, 'long-enough-1');
    await second.user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Dieser Link ist ungültig oder abgelaufen.')).toBeInTheDocument();
  });

  it('signs out on /logout', async () => {
    renderApp('/logout', { signedInAs: editor });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
