/**
 * Plausibility of the print model (issue 33, item 7): reference jobs across the shipped print templates and processes,
 * computed with "Demo-Faktoren 2024" and no machine set, must land in published bands. A model change that leaves a
 * band fails here. The bands and their sources:
 *
 * - Paper 50–80 % of a sheet-fed offset job of standard size. Published print-product footprints put paper at about
 *   55–80 % of cradle-to-gate emissions (e.g. bvdm, "Klimaschutz in der Druckindustrie", and the paper-dominated
 *   stage shares of ISO 16759-based calculators as quoted in the review of issue 33); 50 % is the lower edge allowed.
 * - Ink 1–3 % of the job (same review; ink is a small share wherever it is measured by area coverage).
 * - kg CO2e per kg of printed product between 1 and 4: the bvdm names roughly 2 t CO2e per t of printed product as the
 *   order of magnitude (bvdm climate initiative, order of magnitude only); the band allows a factor two either way.
 * The demo factors are estimates (see src/server/seed/factor-databases.ts), so these tests guard the model's proportions,
 * not the absolute truth of any job.
 */
import { describe, expect, it } from 'vitest';
import { computeResults } from '../../../src/core/formula';
import { validateInputs } from '../../../src/core/rules';
import { defaultInputs, pruneInputs } from '../../../src/core/template';
import { lookup2024, shippedTemplate } from '../support/templates';

const TRUCK_250 = { transport: [{ mode: 'road_freight_truck', distance_km: 250 }] };

interface Job {
  template: string;
  inputs: Record<string, unknown>;
  /** A sheet-fed offset job of commercial print in standard size: the paper band applies. */
  standardOffset: boolean;
  /** Four-colour process printing: the ink band applies (a 1/1 text job uses far less ink, below 1 %). */
  fourColour?: boolean;
}

export const REFERENCE_JOBS: Record<string, Job> = {
  'brochure 1,000 A4 32 pp 115 g + 250 g cover': {
    template: 'brochure',
    inputs: {
      quantity: 1000,
      format: 'A4',
      pages: 32,
      grammage: 115,
      paper: 'paper_coated',
      has_cover: true,
      cover_paper: 'board_virgin',
      cover_grammage: 250,
    },
    standardOffset: true,
    fourColour: true,
  },
  // A run of 5,000 A5 flyers goes on a B2 press in practice; on a B1 press (the template's default sheet) the eight
  // B1 plates are 40 % of the job, which is what a printer would avoid.
  'flyer 5,000 A5 on B2': {
    template: 'flyer',
    inputs: { quantity: 5000, format: 'A5', grammage: 135, paper: 'paper_coated', sheet_format: 'B2' },
    standardOffset: true,
    fourColour: true,
  },
  'book 1,000 novels 256 pp': {
    template: 'book',
    inputs: { quantity: 1000, format: '135x215', pages: 256, paper: 'paper_uncoated' },
    standardOffset: true,
  },
  // Packaging, not commercial print: board is above 80 % of a one-sided 350 g box (84 % with the demo factors), so only
  // the lower edge of the paper band and the per-kg band are asserted.
  'folding box 10,000': {
    template: 'folding-box',
    inputs: { quantity: 10000, paper: 'board_folding_boxboard' },
    standardOffset: false,
  },
  'business cards 250 digital': {
    template: 'business-cards',
    inputs: { quantity: 250, process: 'digital' },
    standardOffset: false,
  },
  'poster 100 A1 large format': {
    template: 'poster',
    inputs: { quantity: 100, format: 'A1', process: 'large_format' },
    standardOffset: false,
  },
};

export function computeJob(job: Job, version?: number) {
  const template = shippedTemplate(job.template, version);
  const known = new Set(template.groups.flatMap((group) => group.fields.map((field) => field.name)));
  const inputs = Object.fromEntries(
    Object.entries({ ...defaultInputs(template), title: 'Job', ...job.inputs, ...TRUCK_250 }).filter(
      ([name]) => known.has(name) || name === 'transport' || name === 'title',
    ),
  );
  const full = pruneInputs(template, inputs);
  expect(validateInputs(template, full, 'en')).toEqual({});
  return computeResults(template, full, lookup2024).results;
}

const share = (results: Record<string, number>, name: string) => results[name] / results.total_co2e;

describe('plausibility of the print model against published bands', () => {
  it.each(Object.keys(REFERENCE_JOBS))('%s', (name) => {
    const job = REFERENCE_JOBS[name];
    const results = computeJob(job);
    const perKg = results.total_co2e / results.product_kg;
    expect(perKg, `${name}: kg CO2e per kg product`).toBeGreaterThanOrEqual(1);
    expect(perKg, `${name}: kg CO2e per kg product`).toBeLessThanOrEqual(4);
    if (job.standardOffset) {
      expect(share(results, 'paper_co2e'), `${name}: paper share`).toBeGreaterThanOrEqual(0.5);
      expect(share(results, 'paper_co2e'), `${name}: paper share`).toBeLessThanOrEqual(0.8);
    }
    if (job.template === 'folding-box') expect(share(results, 'paper_co2e')).toBeGreaterThanOrEqual(0.5);
    if (job.fourColour) expect(share(results, 'ink_co2e'), `${name}: ink share`).toBeGreaterThanOrEqual(0.01);
    // The ink band is an offset band: large-format inkjet lays down several times more ink per m².
    if (job.inputs.process === undefined)
      expect(share(results, 'ink_co2e'), `${name}: ink share`).toBeLessThanOrEqual(0.03);
  });

  it('a digital job has no plates, an offset job pays plates of its press format', () => {
    const cards = computeJob(REFERENCE_JOBS['business cards 250 digital']);
    expect(cards.plates).toBe(0);
    expect(cards.prepress_co2e).toBe(0);
    const flyer = (sheet: string) =>
      computeJob({ template: 'flyer', inputs: { quantity: 5000, sheet_format: sheet }, standardOffset: true });
    const [b1, b2] = [flyer('B1'), flyer('B2')];
    expect(b2.prepress_co2e).toBeLessThan(b1.prepress_co2e);
  });

  it('paper on press sheets weighs more than the finished product', () => {
    const brochure = computeJob(REFERENCE_JOBS['brochure 1,000 A4 32 pp 115 g + 250 g cover']);
    expect(brochure.paper_kg / brochure.product_kg).toBeGreaterThan(1.2);
  });
});
