import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ProtocolEntryRecord } from '../../../src/core/api';
import { putRecords } from '../calculations.mock';
import { API, editor, mandantAdmin, server, spy } from '../mockServer';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

/** The first render loads the page's chunk (with the date pickers): slow in jsdom on a busy machine. */
const PAGE_CHUNK = { timeout: 30_000 };

const entries: ProtocolEntryRecord[] = [
  {
    id: 12,
    at: '2026-03-02T09:30:00.000Z',
    mandant_id: 1,
    user_id: 2,
    user_email: 'admin@muster.example',
    user_name: 'Erika Muster',
    action: 'updated',
    resource: 'users',
    record_id: '3',
    record_label: 'Eddi Editor',
    summary: { params: { fields: 3 } },
    ip: '127.0.0.1',
    changes: {
      name: { old: 'Eddi', new: 'Eddi Editor' },
      role: { old: 'viewer', new: 'editor' },
      password: { redacted: true },
    },
  },
  {
    id: 11,
    at: '2026-03-02T09:00:00.000Z',
    mandant_id: 1,
    user_id: null,
    user_email: 'eddi@muster.example',
    user_name: null,
    action: 'login_failed',
    resource: 'auth',
    record_id: '3',
    record_label: 'eddi@muster.example',
    summary: { params: { email: 'eddi@muster.example' } },
    changes: null,
    ip: '10.0.0.7',
  },
];

/** The entries in the shared handlers' store, which answer like the server; returns every query the page sent. */
function serveProtocol(rows: ProtocolEntryRecord[] = entries): () => URLSearchParams[] {
  putRecords('protocol', rows);
  const sent = spy('get', '/protocol');
  return () => sent.queries.map((query) => new URLSearchParams(query));
}

const migrationEntry = (id: number, step: string, changes: ProtocolEntryRecord['changes']): ProtocolEntryRecord => ({
  id,
  at: '2026-03-02T10:00:00.000Z',
  mandant_id: 1,
  user_id: 2,
  user_email: 'admin@muster.example',
  user_name: 'Erika Muster',
  action: 'migrated',
  resource: 'migrations',
  record_id: '7',
  record_label: '→ Demo-Faktoren 2024',
  summary: { params: { step, target: 'Demo-Faktoren 2024', count: 5, excluded: 0 } },
  changes,
  ip: null,
  refs: { users: { '2': 'Erika Muster' }, mandants: { '1': 'Druckerei Muster' } },
});

describe('protocol page', () => {
  it('tells what happened to what in people’s words: migration steps, statuses, names and dates', async () => {
    const migration = [
      migrationEntry(23, 'rollback', {
        status: { old: 'applied', new: 'rolled_back' },
        rolled_back_at: { old: null, new: '2026-03-02T10:05:00.000Z' },
      }),
      migrationEntry(22, 'apply', {
        status: { old: 'previewed', new: 'applied' },
        applied_by: { old: null, new: 2 },
        version: { old: 1, new: 2 },
      }),
      migrationEntry(21, 'preview', null),
    ];
    serveProtocol(migration);
    const { user } = renderApp('/protocol', { signedInAs: mandantAdmin });

    const rollback = (
      await screen.findByText('Migration auf „Demo-Faktoren 2024“ zurückgenommen', {}, PAGE_CHUNK)
    ).closest('tr')!;
    expect(within(rollback).getByText('Migration zurückgenommen')).toBeInTheDocument();
    expect(within(rollback).getByText('Angewendet')).toBeInTheDocument();
    expect(within(rollback).getByText('Zurückgenommen')).toBeInTheDocument();
    expect(within(rollback).getByText('Zurückgenommen am')).toBeInTheDocument();
    const day = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-02T10:05:00.000Z'),
    );
    expect(within(rollback).getByText(day)).toBeInTheDocument();
    expect(within(rollback).queryByText(/rolled_back/)).toBeNull();

    const apply = screen.getByText('Migration auf „Demo-Faktoren 2024“ angewendet – Kalkulationen: 5').closest('tr')!;
    expect(within(apply).getByText('Migration angewendet')).toBeInTheDocument();
    // The user id is shown as the user's name; the version counter is left out.
    await user.click(within(apply).getByRole('button', { name: 'Änderungen anzeigen' }));
    const diff = await screen.findByRole('table', { name: 'Änderungen' });
    const by = within(diff).getByRole('rowheader', { name: 'Angewendet von' }).closest('tr')!;
    expect(within(by).getByText('Erika Muster')).toBeInTheDocument();
    expect(within(diff).queryByRole('rowheader', { name: /version/i })).toBeNull();

    const preview = screen
      .getByText('Migrationsvorschau auf „Demo-Faktoren 2024“ erstellt – Kalkulationen: 5')
      .closest('tr')!;
    expect(within(preview).getByText('Migrationsvorschau')).toBeInTheDocument();
  });

  it('shows entries with translated action, linked record, summary in the reader’s language and the diff', async () => {
    const queries = serveProtocol();
    const { user } = renderApp('/protocol', { signedInAs: mandantAdmin });

    const row = (await screen.findByText('Benutzer „Eddi Editor“ geändert', {}, PAGE_CHUNK)).closest('tr')!;
    expect(within(row).getByText('Geändert')).toBeInTheDocument();
    expect(within(row).getByText('Erika Muster')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Eddi Editor' })).toHaveAttribute('href', '/users/3');
    // Inline: the first fields, old → new, with the resource's own field labels.
    expect(within(row).getByText('Name')).toBeInTheDocument();
    expect(within(row).getByText('Eddi')).toBeInTheDocument();
    expect(within(row).getByText('Geänderte Felder: 3')).toBeInTheDocument();

    const failed = (await screen.findByText('Fehlgeschlagene Anmeldung für eddi@muster.example')).closest('tr')!;
    expect(within(failed).getByText('Anmeldung fehlgeschlagen')).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: 'Änderungen anzeigen' })).toBeNull();

    // Expanded: every field with before and after; the password only as "changed".
    const toggle = within(row).getByRole('button', { name: 'Änderungen anzeigen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(row).getByRole('button', { name: 'Änderungen ausblenden' })).toHaveAttribute('aria-expanded', 'true');
    const diff = await screen.findByRole('table', { name: 'Änderungen' });
    expect(within(diff).getByRole('columnheader', { name: 'Vorher' })).toBeInTheDocument();
    const roleRow = within(diff).getByRole('rowheader', { name: 'Rolle' }).closest('tr')!;
    // Roles in words, not their codes.
    expect(within(roleRow).getByText('Nur lesen')).toBeInTheDocument();
    expect(within(roleRow).getByText('Bearbeitung')).toBeInTheDocument();
    const passwordRow = within(diff).getByRole('rowheader', { name: 'Passwort' }).closest('tr')!;
    expect(within(passwordRow).getByText('geändert (nicht angezeigt)')).toBeInTheDocument();

    const first = queries()[0]!;
    expect(first.get('sort')).toBe('["at","DESC"]');
    expect(first.get('range')).toBe('[0,24]');
  });

  it(
    'keeps the changes on screen below laptop width: under the summary, the action beside the record (issue #35)',
    async () => {
      serveProtocol();
      // jsdom matches no media query: the narrow layout.
      renderApp('/protocol', { signedInAs: mandantAdmin });
      const summary = await screen.findByText('Benutzer „Eddi Editor“ geändert', {}, PAGE_CHUNK);
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers).toEqual(['Zeitpunkt', 'Wer', 'Datensatz', 'Zusammenfassung und Änderungen']);
      const cell = summary.closest('td')!;
      expect(within(cell).getByText('Rolle')).toBeInTheDocument();
      expect(within(cell).getByRole('button', { name: 'Änderungen anzeigen' })).toBeInTheDocument();
      const recordCell = screen.getByRole('link', { name: 'Eddi Editor' }).closest('td')!;
      expect(within(recordCell).getByText('Geändert')).toBeInTheDocument();
    },
    40_000 * slowdown(),
  );

  it(
    'shows six columns on a wide screen',
    async () => {
      serveProtocol();
      const matchMedia = window.matchMedia;
      // A laptop at 1366 px: every min-width query up to 1366 matches.
      window.matchMedia = ((query: string) => {
        const min = /min-width:\s*([\d.]+)px/.exec(query);
        return { ...matchMedia(query), matches: min ? Number(min[1]) <= 1366 : false };
      }) as typeof window.matchMedia;
      try {
        renderApp('/protocol', { signedInAs: mandantAdmin });
        await screen.findByText('Benutzer „Eddi Editor“ geändert', {}, PAGE_CHUNK);
        const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
        expect(headers).toEqual(['Zeitpunkt', 'Wer', 'Aktion', 'Datensatz', 'Zusammenfassung', 'Änderungen']);
      } finally {
        window.matchMedia = matchMedia;
      }
    },
    40_000 * slowdown(),
  );

  it(
    'filters by search and time range, and shows an empty state',
    async () => {
      const queries = serveProtocol();
      const { user } = renderApp('/protocol', { signedInAs: editor });
      await screen.findByText('Benutzer „Eddi Editor“ geändert', {}, PAGE_CHUNK);
      // Editors cannot open user records: no link.
      expect(screen.queryByRole('link', { name: 'Eddi Editor' })).toBeNull();

      await user.type(screen.getByPlaceholderText('Suchen'), 'login_failed');
      await waitFor(() => expect(screen.queryByText('Benutzer „Eddi Editor“ geändert')).toBeNull());
      expect(screen.getByText('Fehlgeschlagene Anmeldung für eddi@muster.example')).toBeInTheDocument();
      expect(JSON.parse(queries().at(-1)!.get('filter')!)).toEqual({ q: 'login_failed' });

      // Whole days in the reader's language (TT.MM.JJJJ), both ends included: "Von" starts the day, "Bis" ends it.
      await user.click(within(screen.getByRole('group', { name: 'Von' })).getByRole('spinbutton', { name: 'Tag' }));
      await user.keyboard('01032026');
      await waitFor(() =>
        expect(JSON.parse(queries().at(-1)!.get('filter')!)).toMatchObject({
          q: 'login_failed',
          at_gte: new Date(2026, 2, 1).toISOString(),
        }),
      );
      await user.click(within(screen.getByRole('group', { name: 'Bis' })).getByRole('spinbutton', { name: 'Tag' }));
      await user.keyboard('02032026');
      await waitFor(() =>
        expect(JSON.parse(queries().at(-1)!.get('filter')!)).toMatchObject({
          q: 'login_failed',
          at_gte: new Date(2026, 2, 1).toISOString(),
          at_lte: new Date(2026, 2, 2, 23, 59, 59, 999).toISOString(),
        }),
      );
      expect(screen.getByRole('group', { name: 'Von' }).querySelector('input')).toHaveValue('01.03.2026');

      await user.clear(screen.getByPlaceholderText('Suchen'));
      await user.type(screen.getByPlaceholderText('Suchen'), 'nothing-like-this');
      expect(await screen.findByText('Keine Protokolleinträge für diese Filter.')).toBeInTheDocument();
    },
    40_000 * slowdown(),
  );

  it('offers the CSV export of the filtered list', async () => {
    const queries = serveProtocol();
    let exported: URLSearchParams | null = null;
    server.use(
      http.get(`${API}/protocol/export.csv`, ({ request }) => {
        exported = new URL(request.url).searchParams;
        return new HttpResponse('\uFEFFZeitpunkt;Wer\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="protocol-2026-03-02.csv"',
          },
        });
      }),
    );
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:protocol';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { user } = renderApp('/protocol', { signedInAs: mandantAdmin });
    await screen.findByText('Benutzer „Eddi Editor“ geändert', {}, PAGE_CHUNK);
    await user.type(screen.getByPlaceholderText('Suchen'), 'eddi');
    await waitFor(() => expect(JSON.parse(queries().at(-1)!.get('filter')!)).toEqual({ q: 'eddi' }));
    await user.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    await waitFor(() => expect(downloads).toEqual(['protocol-2026-03-02.csv']));
    expect(exported!.get('sort')).toBe('["at","DESC"]');
    expect(JSON.parse(exported!.get('filter')!)).toEqual({ q: 'eddi' });
    // The reader's zone, so the file's times are local with their offset (issue #35 item 5).
    expect(exported!.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text).toContain('Zeitpunkt;Wer');
  });
});
