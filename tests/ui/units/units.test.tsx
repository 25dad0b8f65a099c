/**
 * The unit catalogue in the browser (issue #20): provider admins keep it on /units (five labels, singular optional),
 * others are turned away, and forms show a template's unit as the catalogue labels it in the reader's language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser, UnitRecord } from '../../../src/core/api';
import { LANGUAGES } from '../../../src/core/languages';
import type { Row } from '../../../src/mocks/store';
import { editor, spy, store, unitRecords } from '../mockServer';
import { seedCalculations } from '../calculations.mock';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

/** The first render of a page loads its chunk: slow in jsdom on a busy machine. */
const SLOW = 90_000 * slowdown();

const provider: SessionUser = {
  ...editor,
  id: 1,
  email: 'admin@kontor.example',
  role: 'provider_admin',
  mandant_id: null,
  mandant_name: null,
};

function serveUnits(records: UnitRecord[]) {
  // The catalogue in the shared handlers' store.
  const units = store.table('units');
  units.clear();
  for (const unit of records) units.set(String(unit.id), unit as unknown as Row);
  // A new unit is never built in (the shared handlers answer the save as the server does).
  return spy('post', '/units').bodies;
}

describe('unit catalogue screen', () => {
  it(
    'lists the units with their labels and lets a provider admin add one in five languages',
    { timeout: SLOW },
    async () => {
      const sent = serveUnits(unitRecords);
      const { user } = renderApp('/units', { signedInAs: provider });
      const sheets = (await screen.findByText('Bogen', {}, { timeout: 30_000 })).closest('tr')!;
      expect(within(sheets).getAllByText('sheets')).toHaveLength(2);
      expect(within(sheets).getByText('pliegos')).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: /Erstellen/ }));
      await user.type(await screen.findByRole('textbox', { name: /Schlüssel/ }), 'rolls');
      const labels = { de: 'Rollen', en: 'rolls', fr: 'rouleaux', it: 'rotoli', es: 'rollos' };
      const inputs = screen
        .getAllByRole('textbox')
        .filter((input) => (input as HTMLInputElement).name.startsWith('label.'));
      expect(inputs).toHaveLength(LANGUAGES.length);
      for (const input of inputs)
        await user.type(input, labels[(input as HTMLInputElement).name.slice(6) as keyof typeof labels]);
      await user.click(screen.getByRole('button', { name: /Speichern/ }));
      // No singular typed: the unit reads the same after 1, and the API gets null rather than empty texts.
      await waitFor(() => expect(sent).toEqual([{ key: 'rolls', label: labels, singular: null }]));
      expect(await screen.findByText('rouleaux')).toBeInTheDocument();
    },
  );

  it('is the provider admins\u2019: an editor is told so and has no menu entry', { timeout: SLOW }, async () => {
    serveUnits(unitRecords);
    renderApp('/units', { signedInAs: editor });
    expect(
      await screen.findByText('Sie sind nicht berechtigt, auf diese Ressource zuzugreifen.', {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Einheiten' })).not.toBeInTheDocument();
  });
});

describe('units in forms', () => {
  it('shows a template unit as the catalogue labels it, in the reader\u2019s language', { timeout: SLOW }, async () => {
    seedCalculations();
    serveUnits(
      unitRecords.map((unit) => (unit.key === 'pcs' ? { ...unit, label: { ...unit.label, de: 'Exemplare' } } : unit)),
    );
    renderApp('/new/brochure', { signedInAs: editor });
    const quantity = await screen
      .findByTestId('result-total-value', {}, { timeout: 30_000 })
      .then(() => document.querySelector<HTMLElement>('[data-field="quantity"]')!);
    await waitFor(() => expect(quantity).toHaveTextContent('Exemplare'));
  });
});
