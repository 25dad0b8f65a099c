/**
 * The compare screen against a mocked API: two calculations of different templates side by side,
 * results aligned by name with absolute and percentage differences to the first, differing rows
 * highlighted, the CSV download's content (formula cells escaped), and clear messages for a bad URL.
 */
import { screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatResult } from '../../../src/client/template-forms/resultFormat';
import { roundFigure } from '../../../src/core/number-format';
import { editor } from '../mockServer';
import { renderApp } from '../renderApp';
import {
  brochureInputs,
  calculationRecord,
  calculations,
  putCalculation,
  seedCalculations,
} from '../calculations.mock';
import { slowdown } from '../../support/load';

const SLOW = 60_000 * slowdown();
const FIRST = { timeout: 30_000 };

beforeEach(() => {
  seedCalculations();
  // A third calculation: the brochure again with twice the quantity and a title a spreadsheet would run.
  putCalculation(
    calculationRecord(9, 'brochure', {
      ...brochureInputs,
      quantity: 10000,
      title: '=HYPERLINK("http://x")\nzweite Zeile',
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

const first = (id: number) => calculations.find((c) => c.id === id)!;

describe('comparing calculations', () => {
  it(
    'shows the calculations side by side with differences to the first and highlights what differs',
    async () => {
      renderApp('/compare?ids=7,9', { signedInAs: editor });
      const table = await screen.findByTestId('compare-table', {}, FIRST);
      expect(within(table).getByText('K-2026-000007')).toBeInTheDocument();
      expect(within(table).getByText('K-2026-000009')).toBeInTheDocument();

      const a = first(7).total_co2e;
      const b = first(9).total_co2e;
      expect(b).toBeGreaterThan(a);
      const total = screen.getByTestId('compare-result-total_co2e');
      expect(total).toHaveAttribute('data-differs', 'true');
      const percent = new Intl.NumberFormat('de', {
        style: 'percent',
        maximumFractionDigits: 1,
        signDisplay: 'exceptZero',
      }).format((b - a) / a);
      const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
      expect(spaces(within(total).getByTestId('compare-difference').textContent)).toBe(
        spaces(`+${formatResult(b - a, 'de')} kg CO₂e (${percent})`),
      );

      // Inputs grouped as in the template, labels in German; the changed quantity is highlighted, the format is not.
      expect(within(table).getByRole('heading', { name: 'Allgemein' })).toBeInTheDocument();
      const quantityRow = screen.getByTestId('compare-input-general-quantity');
      expect(quantityRow).toHaveAttribute('data-differs', 'true');
      expect(within(quantityRow).getByText('5.000 Stk.')).toBeInTheDocument();
      expect(within(quantityRow).getByText('10.000 Stk.')).toBeInTheDocument();
      const formatRow = document.querySelector('[data-testid$="-format"]')!;
      expect(formatRow).toHaveAttribute('data-differs', 'false');
    },
    SLOW,
  );

  it(
    'aligns calculations of different templates by result name',
    async () => {
      renderApp('/compare?ids=7,8', { signedInAs: editor });
      await screen.findByTestId('compare-table', {}, FIRST);
      // Every result row has one cell per calculation; a result only one template has shows a dash for the other.
      const rows = document.querySelectorAll('[data-testid^="compare-result-"]');
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) expect(row.querySelectorAll('[data-testid="compare-value"]')).toHaveLength(2);
      const brochureOnly = [...rows].find(
        (row) => row.querySelectorAll('[data-testid="compare-value"]')[1]!.textContent === '—',
      );
      expect(brochureOnly).toBeDefined();
    },
    SLOW,
  );

  it(
    'downloads the comparison as CSV with differences, and escapes cells that would run as formulas',
    async () => {
      let saved: Blob | null = null;
      Object.defineProperty(URL, 'createObjectURL', {
        configurable: true,
        writable: true,
        value: vi.fn((blob: Blob) => {
          saved = blob;
          return 'blob:x';
        }),
      });
      Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const { user } = renderApp('/compare?ids=7,9', { signedInAs: editor });
      await screen.findByTestId('compare-table', {}, FIRST);
      await user.click(screen.getByTestId('compare-download'));
      await waitFor(() => expect(saved).not.toBeNull());
      expect(click).toHaveBeenCalled();

      // jsdom's Blob has no text(); FileReader reads it.
      const text = (
        await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(saved as unknown as Blob);
        })
      ).replace(/^\ufeff/, '');
      // A German reader's spreadsheet: ";" between cells, CRLF line ends, decimal commas.
      expect(text.split('\r\n')[0]).toMatch(/^Bereich;Angabe;Einheit;/);
      const rows = Papa.parse<string[]>(text.trim(), { delimiter: ';' }).data;
      expect(rows[0]).toEqual([
        'Bereich',
        'Angabe',
        'Einheit',
        'K-2026-000007 Frühjahrskatalog',
        'K-2026-000009 =HYPERLINK("http://x")\nzweite Zeile',
        'Δ K-2026-000009',
        'Δ % K-2026-000009',
      ]);
      const a = first(7).total_co2e;
      const b = first(9).total_co2e;
      // Rounded as the page shows them (core's figure rule: whole from 100 on, 3 significant digits below), the
      // percentage to one decimal.
      const shown = (value: number) => String(roundFigure(value)).replace('.', ',');
      const totalRow = rows.find((row) => row[1] === 'Emissionen gesamt')!;
      expect(totalRow).toEqual([
        'Ergebnisse',
        'Emissionen gesamt',
        'kg CO₂e',
        shown(a),
        shown(b),
        shown(b - a),
        String(Math.round(((b - a) / a) * 1000) / 10).replace('.', ','),
      ]);
      // Every figure cell holds a bare number: digits, at most one decimal comma, no unit, no grouping, no float noise.
      const figures = rows
        .filter((row) => row[0] === 'Ergebnisse')
        .flatMap((row) => row.slice(3))
        .filter((cell) => cell !== '');
      expect(figures.length).toBeGreaterThan(4);
      for (const cell of figures) expect(cell).toMatch(/^-?\d+(,\d{1,4})?$/);
      // Inputs: numbers as numbers ("5000", never "5.000 Stk."), the unit in its own column.
      const quantityRow = rows.find((row) => row[1] === 'Auflage')!;
      expect(quantityRow).toEqual(['Allgemein', 'Auflage', 'Stk.', '5000', '10000', '', '']);
      const energyRow = rows.find((row) => row[1]?.startsWith('Energie'))!;
      expect(energyRow.slice(2, 5)).toEqual(['kWh/1000', '2,5', '2,5']);
      // The title cell starts with "=" and has a line break (papaparse's own escaping skips those): it is written
      // with a leading apostrophe so no spreadsheet runs it.
      const titleRow = rows.find((row) => row[1] === 'Titel')!;
      expect(titleRow[3]).toBe('Frühjahrskatalog');
      expect(titleRow[4]).toBe('\'=HYPERLINK("http://x")\nzweite Zeile');
    },
    SLOW,
  );

  it(
    'explains when fewer than two or more than four calculations are asked for',
    async () => {
      renderApp('/compare?ids=7', { signedInAs: editor });
      expect(await screen.findByTestId('compare-problem', {}, FIRST)).toHaveTextContent('mindestens 2 Kalkulationen');
    },
    SLOW,
  );

  it(
    'explains too many ids and a broken link',
    async () => {
      const view = renderApp('/compare?ids=1,2,3,4,5', { signedInAs: editor });
      expect(await screen.findByTestId('compare-problem', {}, FIRST)).toHaveTextContent('höchstens 4 Kalkulationen');
      view.unmount();
      renderApp('/compare?ids=1,abc', { signedInAs: editor });
      expect(await screen.findByTestId('compare-problem', {}, FIRST)).toHaveTextContent('Der Link ist ungültig');
    },
    SLOW,
  );
});
