/**
 * Issue #18 items 13 and 18: dates are picked in the interface language (not the browser's `mm/dd/yyyy`), MUI's own
 * texts follow the language (no English "Clear" on a German screen), and the browser tab names the page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerStatistics, editor } from '../mockServer';
import { renderApp } from '../renderApp';
import { seedCalculations } from '../calculations.mock';
import { slowdown } from '../../support/load';

/** The first render loads the page's chunk (date pickers, charts): slow in jsdom on a busy machine. */
const PAGE_CHUNK = { timeout: 30_000 };
const SLOW = 60_000 * slowdown();

/** Every statistic empty, with a tag column (the shared handlers answer the asked period). */
function serveEmptyStatistics() {
  answerStatistics([editor], {}, [
    { key: 'tag', unit: null },
    { key: 'co2e_kg', unit: 'kg_co2e' },
  ]);
}

const pickerInput = (label: string) =>
  screen.getByRole('group', { name: label }).parentElement!.querySelector('input')!;

describe('date pickers in the interface language', () => {
  it(
    'shows and takes statistics dates as German dates, with German picker texts',
    async () => {
      serveEmptyStatistics();
      const { user } = renderApp('/statistics?from=2026-01-01&to=2026-12-31', { signedInAs: editor });
      await screen.findByRole('group', { name: 'Von' }, PAGE_CHUNK);
      expect(pickerInput('Von')).toHaveValue('01.01.2026');
      expect(pickerInput('Bis')).toHaveValue('31.12.2026');
      const from = screen.getByRole('group', { name: 'Von' }).parentElement!;
      expect(within(from).getByRole('button', { name: /^Datum auswählen/ })).toBeInTheDocument();
      expect(within(from).queryByTitle('Clear')).toBeNull();

      await user.click(within(from).getByRole('spinbutton', { name: 'Tag' }));
      await user.keyboard('15032026');
      await waitFor(() => expect(new URLSearchParams(window.location.search).get('from')).toBe('2026-03-15'));
      expect(pickerInput('Von')).toHaveValue('15.03.2026');

      // The calendar speaks German and starts the week on Monday.
      await user.click(within(from).getByRole('button', { name: /^Datum auswählen/ }));
      const calendar = await screen.findByRole('dialog');
      expect(within(calendar).getByText(/März 2026/)).toBeInTheDocument();
      expect(
        within(calendar)
          .getAllByRole('columnheader')
          .map((day) => day.getAttribute('aria-label'))[0],
      ).toBe('Montag');
    },
    SLOW,
  );

  it(
    'shows dates the English way on an English screen',
    async () => {
      serveEmptyStatistics();
      renderApp('/statistics?from=2026-01-01&to=2026-12-31', { signedInAs: { ...editor, language: 'en' } });
      await screen.findByRole('group', { name: 'From' }, PAGE_CHUNK);
      expect(pickerInput('From')).toHaveValue('01/01/2026');
      expect(pickerInput('To')).toHaveValue('12/31/2026');
    },
    SLOW,
  );

  it(
    'keeps the protocol filters on one row: compact pickers beside the search',
    async () => {
      // (An empty protocol: the shared handlers' empty store.)
      renderApp('/protocol', { signedInAs: editor });
      const from = await screen.findByRole('group', { name: 'Von' }, PAGE_CHUNK);
      const field = from.closest('.MuiFormControl-root') as HTMLElement;
      // jsdom does no layout: the width rule is what keeps the bar on one row at 1,280 px.
      expect(getComputedStyle(field).width).toBe('196px');
      expect(pickerInput('Von')).toHaveValue('');
    },
    SLOW,
  );
});

describe('MUI texts in the interface language', () => {
  beforeEach(seedCalculations);

  it(
    'names the tags field\'s clear button in German, not "Clear"',
    async () => {
      const { user } = renderApp('/new/sample', { signedInAs: editor });
      await screen.findByTestId('result-total-value', {}, PAGE_CHUNK);
      const tags = document.querySelector<HTMLElement>('[data-field="tags"]')!;
      await user.type(within(tags).getByRole('combobox'), 'messe{Enter}');
      expect(within(tags).getByTitle('Leeren')).toBeInTheDocument();
      expect(within(tags).queryByTitle('Clear')).toBeNull();
    },
    SLOW,
  );
});

describe('the browser tab names the page', () => {
  it(
    'shows the page and the provider, in the interface language, and follows navigation',
    async () => {
      // (An empty protocol: the shared handlers' empty store.)
      serveEmptyStatistics();
      const { user } = renderApp('/protocol', { signedInAs: editor });
      await waitFor(() => expect(document.title).toBe('Protokoll – Kontor'), PAGE_CHUNK);
      await user.click(screen.getByRole('menuitem', { name: 'Statistik' }));
      await waitFor(() => expect(document.title).toBe('Statistik – Kontor'), PAGE_CHUNK);
    },
    SLOW,
  );

  it('names the sign-in page', async () => {
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Anmelden – Kontor'));
  });
});
