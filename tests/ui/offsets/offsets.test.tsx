/** The carbon offset project catalogue: cards, filters, provider-only actions (msw mocks). */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../src/core/api';
import { editor } from '../mockServer';
import { projects, serveProjects } from '../offsets.mock';
import { renderApp } from '../renderApp';

const PAGE_CHUNK = { timeout: 30_000 };

const cardNames = () =>
  within(screen.getByTestId('project-cards'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('carbon offset project catalogue', () => {
  it('shows the projects as cards with price and stock in the user locale, and filters them', async () => {
    serveProjects();
    const { user } = renderApp('/carbon-offset-projects', { signedInAs: editor });
    // The first render loads the catalogue page's chunk: slow in jsdom on a busy machine.
    await screen.findByText('Kochöfen Kenia', {}, PAGE_CHUNK);
    expect(cardNames()).toEqual(['Kochöfen Kenia', 'Windpark Indien', 'Wald Peru']);
    const wood = screen.getByTestId('project-card-3');
    expect(within(wood).getByTestId('project-price')).toHaveTextContent(/^31,00\s€ je Tonne zzgl\.\sMwSt\.$/);
    expect(within(wood).getByText(/3\.001 t verfügbar/)).toBeInTheDocument();
    expect(within(wood).getByText('Wald')).toBeInTheDocument();
    expect(within(wood).getByTestId('project-placeholder-image')).toBeInTheDocument();
    // Editors cannot add projects.
    expect(screen.queryByRole('link', { name: /Neues Projekt/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Standard' }));
    await user.click(await screen.findByRole('option', { name: 'VCS' }));
    await waitFor(() => expect(cardNames()).toEqual(['Windpark Indien', 'Wald Peru']));

    await user.type(screen.getByLabelText('Preis bis'), '20');
    await waitFor(() => expect(cardNames()).toEqual(['Windpark Indien']));

    await user.clear(screen.getByLabelText('Preis bis'));
    await user.click(screen.getByRole('combobox', { name: 'Projektart' }));
    await user.click(await screen.findByRole('option', { name: 'Kochöfen' }));
    expect(await screen.findByText('Keine Projekte passen zu den Filtern.')).toBeInTheDocument();
  });

  it('offers provider admins to add a project and shows the detail view', async () => {
    serveProjects();
    const provider: SessionUser = {
      ...editor,
      id: 1,
      email: 'admin@kontor.example',
      role: 'provider_admin',
      mandant_id: null,
      mandant_name: null,
    };
    const { user } = renderApp('/carbon-offset-projects', { signedInAs: provider });
    expect(await screen.findByRole('link', { name: /Neues Projekt/ }, PAGE_CHUNK)).toHaveAttribute(
      'href',
      '/carbon-offset-projects/create',
    );
    await user.click(await screen.findByText('Windpark Indien'));
    expect(await screen.findByText('Demo-Projekt — Platzhalter')).toBeInTheDocument();
    expect(screen.getByText('Indien')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Bearbeiten/ })).toHaveAttribute('href', '/carbon-offset-projects/2/edit');
  });

  it('marks a demo project\u2019s example registry id in the reader\u2019s language and names its country (issue #18 item 14)', async () => {
    serveProjects([{ ...projects[2]!, registry_id: 'EXAMPLE-0004 (not a real registry id)' }]);
    renderApp('/carbon-offset-projects/3', { signedInAs: editor });
    expect(await screen.findByText('EXAMPLE-0004 (keine echte Registernummer)')).toBeInTheDocument();
    expect(screen.queryByText(/not a real/)).toBeNull();
    expect(screen.getByText('Peru')).toBeInTheDocument();
  });
});
