/**
 * The widget's figure is the back office's (issue 39, "Done when"): for every shipped product template, offered by a
 * storefront with no field for the customer, the quote the widget shows at the template's defaults equals the total
 * the back office stores for a calculation made with the same defaults, as its form sends them (hidden fields pruned;
 * the mandant's default factor database and machine set on both sides). It found the brochure unofferable at first:
 * the quote sent the cover paper's default although "no cover" hides it. The widget shows first the figure it computes
 * in the page (src/storefront/local-figure.ts, from the config's model of the template) and then the server's quote:
 * both are checked here, the page's run exactly as the widget runs it, and must equal the back office's total.
 */
import { beforeAll, expect, it } from 'vitest';
import type {
  CalculationRecord,
  StorefrontConfig,
  StorefrontQuote,
  StorefrontRecord,
  TemplateRecord,
} from '../../../src/core/api';
import { defaultInputs, pruneInputs } from '../../../src/core/template';
import { offerComputer } from '../../../src/storefront/local-figure';
import { describeEachDatabase } from '../harness';

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

      // The page's figure, from what the publishable key reads: the same engine, so the same number to the last bit.
      const config = await ctx.request<StorefrontConfig>(
        'GET',
        `/api/storefront/v1/${storefront.publishable_key}/config?lang=de&template=${template.id}`,
        { headers: { origin: SHOP } },
      );
      expect(config.status).toBe(200);
      const offered = config.body.templates.find((entry) => entry.id === template.id)!;
      const inPage = offerComputer(offered.model!)({});
      expect(inPage, template.id).toBeDefined();
      expect(inPage!.kg_co2e, template.id).toBe(quoted.body.kg_co2e);
      expect(inPage!.kg_co2e, template.id).toBeCloseTo(saved.body.total_co2e, 9);
      expect(inPage!.kg_co2e_per_unit, template.id).toBe(quoted.body.kg_co2e_per_unit);
      expect(
        inPage!.stages.map((stage) => stage.kg_co2e),
        template.id,
      ).toEqual(quoted.body.stages.map((stage) => stage.kg_co2e));
      // Only the asked template carries a model: the others stay what the form needs.
      expect(config.body.templates.filter((entry) => entry.model).map((entry) => entry.id)).toEqual([template.id]);
    }
  });

  it('computes in the page what the server quotes as the customer changes their fields', async () => {
    const created = await ctx.request<StorefrontRecord>('POST', '/api/storefronts', {
      token,
      body: {
        name: 'Flyer',
        origins: [SHOP],
        offers: [
          {
            template_id: 'flyer',
            customer_fields: ['quantity', 'format', 'paper', 'grammage'],
            fixed: { transport: [{ mode: 'road_freight_truck', distance_km: 80 }] },
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const key = created.body.publishable_key;
    const config = await ctx.request<StorefrontConfig>('GET', `/api/storefront/v1/${key}/config?template=flyer`, {
      headers: { origin: SHOP },
    });
    const flyer = config.body.templates[0]!;
    const computeInPage = offerComputer(flyer.model!);
    const papers = flyer.fields.find((field) => field.name === 'paper')!.options.map((option) => option.value);
    const formats = flyer.fields.find((field) => field.name === 'format')!.options.map((option) => option.value);
    expect(papers.length).toBeGreaterThan(1);
    // Nothing of the mandant's database beyond what the offer's formulas can read.
    const { factors } = flyer.model!;
    expect(Object.keys(factors).length).toBeGreaterThan(0);
    expect(Object.keys(factors).length).toBeLessThan(40);
    const seen = new Set<number>();
    for (const [index, paper] of papers.entries()) {
      const inputs = { quantity: 250 + 1000 * index, format: formats[index % formats.length]!, paper, grammage: 135 };
      const quoted = await ctx.request<StorefrontQuote>('POST', `/api/storefront/v1/${key}/quotes`, {
        body: { template: 'flyer', inputs },
        headers: { origin: SHOP },
      });
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      expect(computeInPage(inputs)?.kg_co2e, paper).toBe(quoted.body.kg_co2e);
      seen.add(quoted.body.kg_co2e);
    }
    expect(seen.size).toBe(papers.length);
  });
});
