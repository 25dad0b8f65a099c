/**
 * The importer screen against a mocked API: a dropped semicolon CSV is previewed with its detected format, columns
 * are mapped from the German headers (and the choice is remembered per template), the dry run sends the raw file
 * with the mapping and shows the report, and a file that is not a CSV is refused before any upload.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ImportRecord, ImportReport } from '../../../src/core/api';
import type { Row } from '../../../src/mocks/store';
import { API, editor, server, spy, store } from '../mockServer';
import { renderApp } from '../renderApp';
import { databases, putRecords, templateRecords } from '../calculations.mock';
import { slowdown } from '../../support/load';

const SLOW = 60_000 * slowdown();
const CSV = 'Titel;Stückzahl;Seiten (Inhalt);Makulatur\r\nA;1.500;16;12,5\r\nB;2.000;7;10\r\n';

interface Sent {
  url: URL;
  body: string;
}

let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  window.localStorage.removeItem('kontor.importer.mapping.brochure');
  // The templates from the shared store; no imports yet (its empty table).
  for (const record of templateRecords) store.table('templates').set(record.id, record as unknown as Row);
  server.use(
    http.post(`${API}/imports`, async ({ request }) => {
      const url = new URL(request.url);
      sent.push({ url, body: await request.text() });
      const report: ImportReport = {
        import: null,
        dry_run: true,
        rows_total: 2,
        rows_ok: 1,
        rows_failed: 1,
        encoding: 'utf-8',
        delimiter: ';',
        mapping: JSON.parse(url.searchParams.get('mapping') ?? '{}') as Record<string, string | null>,
        errors: [
          {
            row: 2,
            column: 'Seiten (Inhalt)',
            value: '7',
            message_key: 'rule',
            message: 'Spalte „Seiten (Inhalt)“: Seiten (Inhalt) muss ein Vielfaches von 4 sein.',
          },
        ],
      };
      return HttpResponse.json(report);
    }),
  );
});

async function chooseBrochure(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByTestId('importer-template'));
  await user.click(await screen.findByRole('option', { name: 'Broschüre' }));
}

describe('the importer', () => {
  it(
    'previews, maps, remembers the mapping and shows the dry-run report',
    async () => {
      const { user } = renderApp('/importer', { signedInAs: editor });
      await chooseBrochure(user);
      await user.upload(screen.getByTestId('importer-file'), new File([CSV], 'jobs.csv', { type: 'text/csv' }));

      const preview = await screen.findByTestId('importer-preview');
      expect(preview).toHaveTextContent('Trennzeichen: Semikolon');
      expect(preview).toHaveTextContent('Zahlen: 1.234,5');
      // The one rule for a stopped import is stated next to the modes.
      expect(screen.getByTestId('importer-mode-stopped')).toHaveTextContent(/übernimmt keine seiner Zeilen/);
      const quantity = screen.getByLabelText('Feld für Spalte Stückzahl');
      expect(quantity).toHaveTextContent('nicht importieren');
      expect(screen.getByLabelText('Feld für Spalte Seiten (Inhalt)')).toHaveTextContent('Seiten (Inhalt)');
      await user.click(quantity);
      await user.click(await screen.findByRole('option', { name: 'Auflage (Stk.)' }));
      expect(JSON.parse(window.localStorage.getItem('kontor.importer.mapping.brochure') ?? '{}')).toMatchObject({
        Stückzahl: 'quantity',
      });

      await user.click(screen.getByTestId('importer-dry-run'));
      const report = await screen.findByTestId('importer-report');
      expect(report).toHaveTextContent('Probelauf: 1 von 2 Zeilen sind gültig, 1 fehlerhaft.');
      expect(within(report).getByText(/Vielfaches von 4/)).toBeInTheDocument();
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.body).toBe(CSV);
      expect(sent[0]!.url.searchParams.get('dry_run')).toBe('true');
      expect(sent[0]!.url.searchParams.get('template')).toBe('brochure');
      expect(JSON.parse(sent[0]!.url.searchParams.get('mapping')!)).toMatchObject({
        Titel: 'title',
        Stückzahl: 'quantity',
        'Seiten (Inhalt)': 'pages',
        Makulatur: 'spoilage_pct',
      });
    },
    SLOW,
  );

  it(
    'after an import, Import waits for a new file and says why; a dry run leaves it enabled',
    async () => {
      const { user } = renderApp('/importer', { signedInAs: editor });
      await chooseBrochure(user);
      await user.upload(screen.getByTestId('importer-file'), new File([CSV], 'jobs.csv', { type: 'text/csv' }));
      await screen.findByTestId('importer-preview');
      await user.click(screen.getByTestId('importer-dry-run'));
      await screen.findByTestId('importer-report');
      expect(screen.getByTestId('importer-import')).toBeEnabled();

      await user.click(screen.getByTestId('importer-import'));
      await waitFor(() => expect(sent).toHaveLength(2));
      await waitFor(() => expect(screen.getByTestId('importer-import')).toBeDisabled());
      expect(screen.getByTestId('importer-import-reason')).toHaveTextContent('Diese Datei wurde importiert.');

      await user.upload(screen.getByTestId('importer-file'), new File([CSV], 'more.csv', { type: 'text/csv' }));
      await waitFor(() => expect(screen.getByTestId('importer-import')).toBeEnabled());
      expect(screen.queryByTestId('importer-import-reason')).toBeNull();
    },
    SLOW,
  );

  it(
    'offers the published databases and imports with the one chosen (issue #20)',
    async () => {
      putRecords('databases', databases);
      const { user } = renderApp('/importer', { signedInAs: editor });
      await chooseBrochure(user);
      await user.click(screen.getByTestId('importer-database'));
      await user.click(await screen.findByRole('option', { name: /^Demo factors 2024 \(2024\)/ }));
      await user.upload(screen.getByTestId('importer-file'), new File([CSV], 'jobs.csv', { type: 'text/csv' }));
      await screen.findByTestId('importer-preview');
      await user.click(screen.getByTestId('importer-dry-run'));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.url.searchParams.get('database_id')).toBe('1');
    },
    SLOW,
  );

  it(
    'recognises numbered column sets of the transport group and offers item 2, and item 3 once item 2 is mapped',
    async () => {
      const csv =
        'Titel;Transport 1: Verkehrsmittel;Transport 1: Entfernung;Transport 2: Verkehrsmittel;Strecke 2\r\nA;road_freight_truck;120;rail_freight;300\r\n';
      const { user } = renderApp('/importer', { signedInAs: editor });
      await chooseBrochure(user);
      await user.upload(screen.getByTestId('importer-file'), new File([csv], 'legs.csv', { type: 'text/csv' }));
      await screen.findByTestId('importer-preview');
      expect(screen.getByTestId('importer-sets-hint')).toHaveTextContent('nummerierten Spaltensätzen');
      // The hint quotes the chosen template's first numbered column, not a fixed example (issue #20).
      expect(screen.getByTestId('importer-sets-hint')).toHaveTextContent(
        '„Etappe 1: Verkehrsmittel“, „Etappe 2: Verkehrsmittel“',
      );
      expect(screen.getByLabelText('Feld für Spalte Transport 1: Verkehrsmittel')).toHaveTextContent(
        'Etappe 1: Verkehrsmittel',
      );
      expect(screen.getByLabelText('Feld für Spalte Transport 2: Verkehrsmittel')).toHaveTextContent(
        'Etappe 2: Verkehrsmittel',
      );
      const unknown = screen.getByLabelText('Feld für Spalte Strecke 2');
      expect(unknown).toHaveTextContent('nicht importieren');

      await user.click(unknown);
      const listbox = await screen.findByRole('listbox');
      expect(within(listbox).getByText('Etappe 2')).toBeInTheDocument();
      // A column already fills item 2: item 3 is offered, item 4 not yet.
      expect(within(listbox).getByText('Etappe 3')).toBeInTheDocument();
      expect(within(listbox).queryByText('Etappe 4')).toBeNull();
      // Item 2's mode is taken by another column; its distance is free.
      expect(within(listbox).getByRole('option', { name: 'Etappe 2: Verkehrsmittel' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await user.click(within(listbox).getByRole('option', { name: 'Etappe 2: Entfernung (km)' }));
      expect(unknown).toHaveTextContent('Etappe 2: Entfernung (km)');

      await user.click(screen.getByTestId('importer-dry-run'));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(JSON.parse(sent[0]!.url.searchParams.get('mapping')!)).toEqual({
        Titel: 'title',
        'Transport 1: Verkehrsmittel': 'transport.mode',
        'Transport 1: Entfernung': 'transport.distance_km',
        'Transport 2: Verkehrsmittel': 'transport[2].mode',
        'Strecke 2': 'transport[2].distance_km',
      });
    },
    SLOW,
  );

  it(
    'tells a viewer before any upload that importing is not theirs (issue #35)',
    async () => {
      renderApp('/importer', { signedInAs: { ...editor, role: 'viewer' } });
      expect(await screen.findByTestId('importer-read-only')).toHaveTextContent('können aber keine Datei importieren');
      expect(screen.queryByTestId('importer-file')).toBeNull();
    },
    SLOW,
  );

  it(
    'names the file input for screen readers and axe',
    async () => {
      renderApp('/importer', { signedInAs: editor });
      expect(await screen.findByTestId('importer-file')).toHaveAttribute('aria-label', 'Datei auswählen');
      expect(screen.queryByTestId('importer-read-only')).toBeNull();
    },
    SLOW,
  );

  it(
    'refuses a file that is not a CSV before uploading anything',
    async () => {
      const { user } = renderApp('/importer', { signedInAs: editor });
      await chooseBrochure(user);
      const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d])], 'jobs.csv', { type: 'text/csv' });
      await user.upload(screen.getByTestId('importer-file'), png);
      expect(await screen.findByText('Das ist keine CSV-Datei.')).toBeInTheDocument();
      expect(screen.queryByTestId('importer-preview')).toBeNull();
      expect(sent).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'lists past imports with their template and why one failed, and undoes one only after the confirmation',
    async () => {
      const base: ImportRecord = {
        id: 7,
        mandant_id: 1,
        created_by: 2,
        file_name: 'auftraege.csv',
        template_id: 'brochure',
        template_version: 1,
        database_id: 1,
        mapping: {},
        mode: 'valid_rows',
        status: 'succeeded',
        encoding: 'utf-8',
        delimiter: ';',
        rows_total: 1250,
        rows_ok: 1200,
        rows_failed: 50,
        message: null,
        created_at: '2026-11-20T09:30:00Z',
        updated_at: '2026-11-20T09:31:00Z',
        finished_at: '2026-11-20T09:31:00Z',
        version: 2,
      };
      const failed: ImportRecord = {
        ...base,
        id: 6,
        file_name: 'abgebrochen.csv',
        status: 'failed',
        rows_ok: 0,
        rows_failed: 0,
        message: 'Der Server wurde während des Imports beendet; vom Import wurde nichts übernommen.',
      };
      putRecords('imports', [base, failed]);
      const undone = spy('post', '/imports/:id/undo');
      const { user } = renderApp('/importer', { signedInAs: editor });
      const history = await screen.findByTestId('importer-history');
      await waitFor(() => expect(history).toHaveTextContent('auftraege.csv'));
      expect(history).toHaveTextContent('Broschüre');
      expect(history).toHaveTextContent('1.200 ok, 50 fehlerhaft');
      expect(within(history).getByTestId('import-message')).toHaveTextContent('vom Import wurde nichts übernommen');

      await user.click(within(history).getByRole('button', { name: 'Rückgängig' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('1.200');
      expect(dialog).toHaveTextContent('auftraege.csv');
      await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(undone.paths).toHaveLength(0);

      await user.click(within(history).getByRole('button', { name: 'Rückgängig' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bestätigen' }));
      await waitFor(() => expect(undone.paths).toEqual(['/imports/7/undo']));
    },
    SLOW,
  );
});
