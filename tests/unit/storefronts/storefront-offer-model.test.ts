/**
 * What a publishable key lets a shop's page compute with (issue 39; docs/storefront.md, "What the publishable key
 * reveals"): the offer's model carries the template without its texts and only the factors the offer's formulas can
 * read, and that is enough for the widget's run of the shared engine to give the engine's own figure; a model short of
 * a factor makes the widget wait for the server instead of showing a wrong figure.
 */
import { describe, expect, it } from 'vitest';
import type { FactorDatabaseRecord, StorefrontOffer } from '../../../src/core/api';
import { computeResults } from '../../../src/core/formula';
import { translate } from '../../../src/core/i18n/translate';
import { offerInputs } from '../../../src/core/storefront-figure';
import type { FactorSet } from '../../../src/server/factors/factor-set';
import { DEMO_FACTORS_2025 } from '../../../src/server/seed/factor-databases';
import { offerModel } from '../../../src/server/storefronts/offer-model';
import { offerComputer } from '../../../src/storefront/local-figure';
import { catalogOf, lookup2025, shippedTemplate } from '../support/templates';

const factors: FactorSet = {
  database: {} as FactorDatabaseRecord,
  factors: [],
  lookup: lookup2025,
  keysByCategory: catalogOf(DEMO_FACTORS_2025).categories,
};
const flyer = shippedTemplate('flyer');
const offer: StorefrontOffer = {
  template_id: 'flyer',
  customer_fields: ['quantity', 'format', 'paper', 'grammage'],
  fixed: { transport: [{ mode: 'road_freight_truck', distance_km: 80 }] },
};
const preset = { title: 'Boutique', ...offer.fixed };

/** Every string found under a `label`, `help` or `reason` key, at any depth. */
function texts(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((entry) => texts(entry, found));
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) {
      if (['label', 'help', 'reason', 'description'].includes(key)) found.push(...Object.values(entry as object));
      else texts(entry, found);
    }
  return found;
}

describe('a storefront offer’s model', () => {
  const model = offerModel(flyer, offer, preset, factors, undefined, 'en');

  it('carries the template without its texts, and the stage names in the asked language', () => {
    expect(texts(flyer).some((text) => text !== '')).toBe(true);
    expect(texts(model.template).every((text) => text === '')).toBe(true);
    expect(model.template.results.map((result) => result.formula)).toEqual(flyer.results.map((r) => r.formula));
    expect(model.stage_labels.press).toBe(translate('en', 'stages.press'));
    expect(model.stage_labels.press).toMatch(/^Press/);
  });

  it('carries every paper the customer may choose and not the whole database', () => {
    const papers = factors.keysByCategory.paper!;
    expect(papers.length).toBeGreaterThan(1);
    for (const key of papers) expect(model.factors[key]).toBe(lookup2025(key)!.value);
    expect(Object.keys(model.factors).length).toBeLessThan(DEMO_FACTORS_2025.factors.length / 2);
  });

  it('computes in the page what the engine computes, for each paper', () => {
    const inPage = offerComputer(model);
    for (const paper of factors.keysByCategory.paper!) {
      const sent = { quantity: 5000, paper, grammage: 170 };
      const engine = computeResults(flyer, offerInputs(flyer, preset, sent), lookup2025);
      expect(inPage(sent)?.kg_co2e, paper).toBe(engine.primary);
    }
  });

  it('computes nothing where a factor it needs is missing: the widget then waits for the server', () => {
    const sent = { paper: factors.keysByCategory.paper![0]! };
    expect(offerComputer(model)(sent)).toBeDefined();
    const { [sent.paper]: _left, ...short } = model.factors;
    expect(offerComputer({ ...model, factors: short })(sent)).toBeUndefined();
  });
});

describe('the factors a formula names', () => {
  it('come from the parsed formula, however it is written, and not from a string that only looks like a call', () => {
    const written = {
      ...flyer,
      results: flyer.results.map((result) =>
        result.name === flyer.results[0]!.name
          ? // A space before the parenthesis and double quotes: the engine reads it, a pattern over the text may not.
            {
              ...result,
              formula: `${result.formula} + 0 * factor ("lamination_film") + 0 * if(coating == 'factor(\\'x\\')', 1, 0)`,
            }
          : result,
      ),
    };
    const named = offerModel(written, { ...offer, customer_fields: [] }, preset, factors, undefined, 'en').factors;
    expect(named.lamination_film).toBe(lookup2025('lamination_film')!.value);
    expect(named.ink_offset_solid).toBe(lookup2025('ink_offset_solid')!.value);
    expect(Object.keys(named)).not.toContain('x');
  });
});
