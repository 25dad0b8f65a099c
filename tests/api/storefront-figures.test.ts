/**
 * The widget's figure is the back office's (issue 39, "Done when"): for every shipped product template, offered by a
 * storefront with no field for the customer, the quote the widget shows at the template's defaults equals the total
 * the back office stores for a calculation made with the same defaults, as its form sends them (hidden fields pruned;
 * the mandant's default factor database and machine set on both sides). It found the brochure unofferable at first:
 * the quote sent the cover paper's default although "no cover" hides it. The widget draws the quote's `kg_co2e` as it comes (src/storefront/widget.ts computes
 * nothing of its own), so the quote is the widget's figure.
 */
import { beforeAll, expect, it } from 'vitest';
import type { CalculationRecord, StorefrontQuote, StorefrontRecord, TemplateRecord } from '../../src/core/api';
import { defaultInputs, pruneInputs } from '../../src/core/template';
import { describeEachDatabase } from './harness';

const ADMIN = 'admin@muster.example';
const SHOP = 'https://shop.muster.example';

describeEachDatabase('storefront figures', (ctx) => {
  let token: string;
  let products: TemplateRecord[];
  let storefront: StorefrontRecord;

  beforeAll(async () => {
    token = await ctx.login(ADMIN);
    const templates = await ctx.request<TemplateRecord[]>('GET', '/api/templates', { token });
    products = templates.body.filter((template) => template.type === 'product');
    const created = await ctx.request<StorefrontRecord>('POST', '/api/storefronts', {
      token,
      body: {
        name: 'Alle Vorlagen',
        origins: [SHOP],
        offers: products.map((template) => ({ template_id: template.id, customer_fields: [], fixed: {} })),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    storefront = created.body;
  });

  it('offers every shipped product template (the company footprint is no product to sell)', () => {
    expect(products.map((template) => template.id).sort()).toEqual([
      'book',
      'brochure',
      'business-cards',
      'flyer',
      'folding-box',
      'poster',
    ]);
  });

  it('quotes each template at its defaults exactly as the back office computes it', async () => {
    for (const template of products) {
      const quoted = await ctx.request<StorefrontQuote>(
        'POST',
        `/api/storefront/v1/${storefront.publishable_key}/quotes`,
        { body: { template: template.id, inputs: {} }, headers: { origin: SHOP } },
      );
      expect(quoted.status, `${template.id}: ${JSON.stringify(quoted.body)}`).toBe(200);
      const saved = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
        token,
        // What a new calculation's form sends at its defaults: hidden fields and empty values pruned.
        body: {
          template_id: template.id,
          inputs: { ...pruneInputs(template.definition, defaultInputs(template.definition)), title: 'Vorgabe' },
        },
      });
      expect(saved.status, `${template.id}: ${JSON.stringify(saved.body)}`).toBe(201);
      expect(saved.body.template_version, template.id).toBe(template.version);
      expect(quoted.body.kg_co2e, template.id).toBeGreaterThan(0);
      expect(quoted.body.kg_co2e, template.id).toBeCloseTo(saved.body.total_co2e, 9);
    }
  });
});
