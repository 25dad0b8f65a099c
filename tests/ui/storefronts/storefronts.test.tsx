/**
 * The storefront screens (issue 39): a mandant admin sees the storefronts, the key and the two lines for the shop's
 * page, and saves which template is offered and which fields the customer sets — sent as the API wants them (origins
 * one per line become a list, the fixed values' JSON an object).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StorefrontRecord } from '../../../src/core/api';
import type { Row } from '../../../src/mocks/store';
import { storefrontBody } from '../../../src/client/storefronts/StorefrontForm';
import { editor, mandantAdmin, spy, store } from '../mockServer';
import { seedCalculations } from '../calculations.mock';
import { renderApp } from '../renderApp';
import { slowdown } from '../../support/load';

const SLOW = 60_000 * slowdown();

const shopfront: StorefrontRecord = {
  id: 7,
  mandant_id: 1,
  name: 'Muster Webshop',
  active: true,
  offers: [{ template_id: 'flyer', customer_fields: ['quantity'], fixed: { grammage: 135 } }],
  origins: ['https://shop.muster.example'],
  colour: '#2e7d32',
  logo_url: null,
  contribution_project_id: null,
  compute_in_page: true,
  publishable_key: 'kontor_pk_abcdefghijklmnopqrstuvwxyz012345',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  version: 1,
};

beforeEach(() => {
  seedCalculations();
  store.table('storefronts').set('7', { ...shopfront } as unknown as Row);
});

describe('storefront screens', () => {
  it('turns the form’s lines and JSON into the API’s lists and objects', () => {
    expect(
      storefrontBody({
        name: 'x',
        origins_text: 'https://a.example/\n  https://b.example:8443 ',
        offers: [
          { template_id: 'flyer', customer_fields: ['quantity'], fixed_text: '{"grammage": 135}' },
          { template_id: 'poster', customer_fields: [], fixed_text: '' },
        ],
      }),
    ).toEqual({
      name: 'x',
      origins: ['https://a.example', 'https://b.example:8443'],
      offers: [
        { template_id: 'flyer', customer_fields: ['quantity'], fixed: { grammage: 135 } },
        { template_id: 'poster', customer_fields: [], fixed: {} },
      ],
    });
  });

  it('shows the key and the embed lines, and saves the customer’s fields', { timeout: SLOW }, async () => {
    const sent = spy('put', '/storefronts/7');
    const { user } = renderApp('/storefronts/7', { signedInAs: mandantAdmin });
    const embed = await screen.findByLabelText('Auf der Shop-Seite einbinden', {}, { timeout: 30_000 });
    expect(embed.textContent).toContain('storefront.js');
    expect(embed.textContent).toContain(shopfront.publishable_key);
    expect(screen.getByLabelText('Erlaubte Herkünfte')).toHaveValue('https://shop.muster.example');
    const fields = await screen.findByRole('group', { name: /Felder, die der Kunde setzt/ });
    await user.click(await within(fields).findByRole('checkbox', { name: /Papier$/ }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.bodies).toHaveLength(1));
    expect(sent.bodies[0]).toMatchObject({
      origins: ['https://shop.muster.example'],
      offers: [{ template_id: 'flyer', customer_fields: ['quantity', 'paper'], fixed: { grammage: 135 } }],
    });
  });

  it('creates a secret key, shows it once, lists it without the secret and revokes it', { timeout: SLOW }, async () => {
    const created = spy('post', '/storefronts/7/secret-keys');
    const { user } = renderApp('/storefronts/7', { signedInAs: mandantAdmin });
    const card = await screen.findByTestId('storefront-secret-keys', {}, { timeout: 30_000 });
    expect(within(card).getByText('Noch kein geheimer Schlüssel.')).toBeTruthy();
    await user.type(within(card).getByLabelText('Bezeichnung'), 'Shop-Server');
    await user.click(within(card).getByRole('button', { name: 'Schlüssel anlegen' }));
    await waitFor(() => expect(created.bodies).toEqual([{ name: 'Shop-Server' }]));
    const shown = (await within(card).findByTestId('created-secret-key')) as HTMLInputElement;
    expect(shown.value).toMatch(/^kontor_sk_/);
    const row = await within(card).findByText('Shop-Server', { selector: 'td' });
    expect(row.closest('tr')!.textContent).toContain('Noch nie');
    expect(row.closest('tr')!.textContent).not.toContain(shown.value);
    await user.click(within(row.closest('tr')!).getByRole('button', { name: 'Widerrufen' }));
    await user.click(await screen.findByRole('button', { name: /Bestätigen|Confirm/ }));
    await waitFor(() => expect(within(card).queryByText('Shop-Server', { selector: 'td' })).toBeNull());
  });

  it('pages the webhook deliveries through the list engine, newest first', { timeout: SLOW }, async () => {
    const deliveries = Array.from({ length: 30 }, (_, index) => ({
      id: index + 1,
      webhook_id: 3,
      url: 'https://shop.muster.example/hooks',
      event_id: `evt_${index + 1}`,
      event_type: 'contribution.ordered',
      status: 'failed',
      attempts: 6,
      next_attempt_at: null,
      last_attempt_at: '2026-11-02T10:00:00Z',
      response_code: null,
      response_body: null,
      error: 'timeout',
      created_at: `2026-11-02T10:${String(index).padStart(2, '0')}:00Z`,
    }));
    store.setAnswer(mandantAdmin, '/api/storefronts/7/webhook-deliveries', deliveries);
    const asked = spy('get', '/storefronts/7/webhook-deliveries');
    const { user } = renderApp('/storefronts/7', { signedInAs: mandantAdmin });
    const card = await screen.findByTestId('storefront-webhooks', {}, { timeout: 60_000 });
    const rows = () => within(card).getAllByTestId(/^webhook-delivery-/);
    await waitFor(() => expect(rows()).toHaveLength(25));
    // The newest first: the last one made heads the first page.
    expect(rows()[0]).toHaveAttribute('data-testid', 'webhook-delivery-30');
    expect(within(card).getByText(/1-25 von 30/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Zu Seite 2' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]).toHaveAttribute('data-testid', 'webhook-delivery-5');
    const ranges = asked.queries.map((query) => new URLSearchParams(query).get('range'));
    expect(ranges).toEqual(expect.arrayContaining(['[0,24]', '[25,49]']));
  });

  it('is not offered to an editor', { timeout: SLOW }, async () => {
    renderApp('/storefronts', { signedInAs: editor });
    expect(await screen.findByText(/nicht berechtigt|Zugriff verweigert/, {}, { timeout: 30_000 })).toBeTruthy();
  });
});
