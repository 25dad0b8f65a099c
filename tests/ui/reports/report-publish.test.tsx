/**
 * Publishing a report (issue 33, item 6): a draft cannot be published and the button says why; publishing asks first,
 * says what becomes public and, for figures from a demo database, that the page carries the demo mark; nothing is
 * posted before the user confirms.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { editor, spy } from '../mockServer';
import { renderApp } from '../renderApp';
import { brochureInputs, calculationRecord, putCalculation, seedCalculations } from '../calculations.mock';
import { slowdown } from '../../support/load';

const SLOW = 60_000 * slowdown();

beforeEach(seedCalculations);

describe('publishing a report', () => {
  it(
    'disables publishing a draft and says why',
    async () => {
      renderApp('/edit/7', { signedInAs: editor });
      const controls = await screen.findByTestId('report-controls');
      expect(await within(controls).findByTestId('publish-blocked')).toHaveTextContent(
        'Ein Entwurf kann nicht veröffentlicht werden',
      );
      expect(within(controls).getByTestId('report-publish')).toBeDisabled();
    },
    SLOW,
  );

  it(
    'asks before publishing, states what becomes public and the demo mark, and posts only once confirmed',
    async () => {
      putCalculation(calculationRecord(7, 'brochure', brochureInputs, { status: 'final' }));
      const { bodies: posted } = spy('post', '/calculations/7/publications');
      const { user } = renderApp('/edit/7', { signedInAs: editor });
      const controls = await screen.findByTestId('report-controls');
      const publish = within(controls).getByTestId('report-publish');
      expect(publish).toBeEnabled();
      expect(within(controls).queryByTestId('publish-blocked')).not.toBeInTheDocument();
      await user.click(publish);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Bericht öffentlich machen?')).toBeInTheDocument();
      expect(within(dialog).getByTestId('publish-confirm')).toHaveTextContent(
        /ohne Anmeldung lesen kann.*Faktor mit Quelle/,
      );
      expect(await within(dialog).findByTestId('publish-demo-note')).toHaveTextContent(
        'Demowerte – nicht für Berichte',
      );
      expect(posted).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted).toEqual([]);
      await user.click(publish);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bestätigen' }));
      await waitFor(() => expect(posted).toEqual([{ language: 'de' }]));
    },
    SLOW,
  );
});
