/**
 * Stored results are the compact form of a calculation's results: the breakdown comes back from
 * the template version exactly as computeResults made it, and rows stored in the old full form
 * read unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { CalculationResults } from '../../src/core/api';
import { computeResults, fromStoredResults, toStoredResults } from '../../src/core/formula';
import { lookup2024, shippedTemplate } from './support/templates';

const database = { id: 1, name: 'Demo factors 2024', version_label: '2024' };

function fullResults(id: string, inputs: Record<string, unknown>): CalculationResults {
  const computed = computeResults(shippedTemplate(id), inputs, lookup2024);
  return { values: computed.results, primary: computed.primaryName, breakdown: computed.breakdown, factors: computed.factors, database };
}

describe('stored results', () => {
  const brochure = fullResults('brochure', {
    title: 'Image brochure', quantity: 5000, format: 'A4', pages: 16, paper: 'paper_virgin', grammage: 115, spoilage_pct: 10,
    has_cover: true, cover_paper: 'paper_recycled', cover_grammage: 250, energy_kwh_per_1000: 2.5, electricity: 'electricity_de_grid',
    transport: [{ mode: 'road_freight_truck', distance_km: 250 }],
  });

  it('round-trips to the very breakdown computeResults made, per-result factors in their order', () => {
    const stored = JSON.parse(JSON.stringify(toStoredResults(brochure)));
    expect(fromStoredResults(stored, shippedTemplate('brochure'))).toEqual(brochure);
    expect(stored.factor_keys.paper_co2e).toEqual(['paper_virgin', 'paper_recycled']);
  });

  it('stores a fraction of the full form: no labels, units or formulas of the template', () => {
    const stored = JSON.stringify(toStoredResults(brochure));
    expect(stored.length).toBeLessThan(JSON.stringify(brochure).length / 2);
    expect(stored).not.toContain('formula');
  });

  it('reads a row stored in the full form unchanged', () => {
    expect(fromStoredResults(brochure, shippedTemplate('brochure'))).toBe(brochure);
  });

  it('without the template version keeps values, factors and database, with an empty breakdown', () => {
    const read = fromStoredResults(toStoredResults(brochure), undefined);
    expect(read).toEqual({ ...brochure, breakdown: [] });
  });
});
