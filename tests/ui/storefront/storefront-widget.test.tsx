/**
 * The calculator in the shop's page (issue 39) when its storefront does not compute in the page (a factor licence
 * that forbids publishing single values): the config carries no model, so the calculator shows no figure of its own
 * and waits for the server's quote, then draws that (`data-figure="server"`).
 */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontConfig, StorefrontQuote } from '../../../src/core/api';

const config: StorefrontConfig = {
  name: 'Boutique Muster',
  colour: '#2e7d32',
  logo_url: null,
  templates: [
    {
      id: 'flyer',
      label: 'Flyer',
      fields: [
        {
          name: 'quantity',
          type: 'integer',
          label: 'Auflage',
          help: null,
          unit: null,
          min: 1,
          max: null,
          step: 1,
          options: [],
          default: 5000,
        },
      ],
    },
  ],
  contribution: false,
  texts: { perUnit: '%{value} pro Stück', stages: 'Phasen', offline: 'offline', differs: 'abweichend' },
};
const quote: StorefrontQuote = {
  template: 'flyer',
  template_version: 3,
  kg_co2e: 123.456,
  kg_co2e_per_unit: 0.0246912,
  stages: [{ stage: 'materials', label: 'Material', kg_co2e: 100 }],
  database: 'Demo',
  demo: false,
  contribution: null,
  valid_until: '2099-01-01T00:00:00Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the calculator of a storefront that does not compute in the page', () => {
  it('shows no figure of its own and draws the server’s quote when it arrives', async () => {
    let release: (() => void) | undefined;
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url.includes('/config')) return new Response(JSON.stringify(config), { status: 200 });
        await new Promise<void>((resolve) => (release = resolve));
        return new Response(JSON.stringify(quote), { status: 200 });
      }),
    );
    await import('../../../src/storefront/widget');
    const calculator = document.createElement('kontor-calculator');
    calculator.setAttribute('store', 'kontor_pk_abcdefghijklmnopqrstuvwxyz012345');
    calculator.setAttribute('template', 'flyer');
    calculator.setAttribute('api', 'https://kontor.example');
    document.body.append(calculator);

    const result = await waitFor(() => {
      const found = calculator.shadowRoot!.querySelector<HTMLElement>('.result');
      expect(found).not.toBeNull();
      return found!;
    });
    // The quote is asked for and held back: until it answers, the page draws nothing.
    await waitFor(() => expect(release).toBeDefined());
    expect(asked[0]).toContain('/config?lang=de&template=flyer');
    expect(result.dataset.figure).toBeUndefined();
    expect(result.textContent).toBe('');

    release!();
    await waitFor(() => expect(result.dataset.figure).toBe('server'));
    expect(result.textContent).toContain('123');
    expect(result.querySelector('.bar')).not.toBeNull();
  });
});
