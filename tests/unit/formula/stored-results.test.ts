/**
 * Stored results are the compact form of a calculation's results: the breakdown comes back from
 * the template version and the factors' labels and sources from the factor database, exactly as
 * computeResults made them; rows stored in older forms read unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { CalculationResults } from '../../../src/core/api';
import {
  computeResults,
  fromStoredResults,
  storedResultsWriter,
  toStoredResults,
  type StoredFactor,
} from '../../../src/core/formula';
import { BROCHURE_V1, lookup2024, shippedTemplate } from '../support/templates';

// The stored form, not the print model, is under test: version 1 of the brochure, whose paper result cites both papers.
const brochureV1 = shippedTemplate('brochure', 1);
const { database, inputs: brochureInputs } = BROCHURE_V1;

function fullResults(inputs: Record<string, unknown>): CalculationResults {
  const computed = computeResults(brochureV1, inputs, lookup2024);
  return {
    values: computed.results,
    primary: computed.primaryName,
    breakdown: computed.breakdown,
    factors: computed.factors,
    database,
  };
}

describe('stored results', () => {
  const brochure = fullResults(brochureInputs);

  it('round-trips to the very breakdown computeResults made, per-result factors in their order', () => {
    const stored = JSON.parse(JSON.stringify(toStoredResults(brochure)));
    expect(fromStoredResults(stored, brochureV1, lookup2024)).toEqual(brochure);
    expect(stored.factor_keys.paper_co2e).toEqual(['paper_virgin', 'paper_recycled']);
  });

  it('stores a fraction of the full form: no labels, units or formulas of the template, no factor texts', () => {
    const stored = JSON.stringify(toStoredResults(brochure));
    expect(stored.length).toBeLessThan(JSON.stringify(brochure).length / 4);
    expect(stored).not.toContain('formula');
    expect(stored).not.toContain('"source"');
    expect(stored).not.toContain('Frischfaser');
  });

  it('keeps the value and unit each factor was computed with, whatever the database reads now', () => {
    const stored = toStoredResults(brochure);
    const read = fromStoredResults(stored, brochureV1, (key) => ({ source: `now ${key}` }));
    expect(read.factors.map(({ key, value, unit }) => ({ key, value, unit }))).toEqual(stored.factors);
    expect(read.factors[0]!.source).toBe(`now ${(stored.factors[0] as StoredFactor).key}`);
  });

  describe('references to a published database (issue 38, item 2)', () => {
    // The database version as loadFactorDetails reads it: every figure and text of each factor.
    const published = (key: string) => {
      const factor = lookup2024(key);
      return factor && { ...factor, year: key === 'paper_recycled' ? null : 2024, region: 'DE' };
    };
    const computed = computeResults(brochureV1, brochureInputs, published);
    const results: CalculationResults = {
      values: computed.results,
      primary: computed.primaryName,
      breakdown: computed.breakdown,
      factors: computed.factors,
      database,
    };

    it('stores each factor as its key and reads back the very results computeResults made', () => {
      const stored = JSON.parse(JSON.stringify(toStoredResults(results, { references: true })));
      expect(stored.factors).toEqual(results.factors.map((factor) => factor.key));
      expect(JSON.stringify(stored)).not.toMatch(/"year"|"region"|"value"|"unit"/);
      expect(fromStoredResults(stored, brochureV1, published)).toEqual(results);
    });

    it('is smaller than the form with copies, and the writer writes the same JSON as toStoredResults', () => {
      const references = JSON.stringify(toStoredResults(results, { references: true }));
      const copies = JSON.stringify(toStoredResults(results));
      expect(references.length).toBeLessThan(copies.length);
      const write = storedResultsWriter();
      expect(write(results, true)).toBe(references);
      expect(write(results, true)).toBe(references);
      expect(write(results, false)).toBe(copies);
      expect(write(results)).toBe(copies);
    });

    it('a row with copies and a row with references read alike', () => {
      const copies = fromStoredResults(toStoredResults(results), brochureV1, published);
      const references = fromStoredResults(toStoredResults(results, { references: true }), brochureV1, published);
      expect(references).toEqual(copies);
    });
  });

  it('reads a compact row that still carries its factor texts as it is', () => {
    const older = { ...toStoredResults(brochure), factors: brochure.factors };
    expect(fromStoredResults(older, brochureV1, () => ({ source: 'not asked' }))).toEqual(brochure);
  });

  it('a factor the database no longer knows keeps its figures, with an empty source', () => {
    const read = fromStoredResults(toStoredResults(brochure), brochureV1, () => undefined);
    expect(read.factors[0]).toEqual({
      key: brochure.factors[0]!.key,
      value: brochure.factors[0]!.value,
      unit: brochure.factors[0]!.unit,
      source: '',
    });
    expect(read.values).toEqual(brochure.values);
  });

  it('reads a row stored in the full form unchanged', () => {
    expect(fromStoredResults(brochure, brochureV1)).toBe(brochure);
  });

  it('without the template version keeps values, factors and database, with an empty breakdown', () => {
    const read = fromStoredResults(toStoredResults(brochure), undefined, lookup2024);
    expect(read).toEqual({ ...brochure, breakdown: [] });
  });

  describe('year and region of each factor', () => {
    const sourced = (key: string) => {
      const factor = lookup2024(key);
      return (
        factor && {
          ...factor,
          year: key === 'paper_recycled' ? null : 2023,
          region: key === 'paper_recycled' ? null : 'DE',
        }
      );
    };
    const computed = computeResults(brochureV1, brochureInputs, sourced);
    const results: CalculationResults = {
      values: computed.results,
      primary: computed.primaryName,
      breakdown: computed.breakdown,
      factors: computed.factors,
      database,
    };

    it('are stored with the calculation and read back, per result too', () => {
      const stored = JSON.parse(JSON.stringify(toStoredResults(results)));
      expect(stored.factors.find((factor: { key: string }) => factor.key === 'paper_virgin')).toMatchObject({
        year: 2023,
        region: 'DE',
      });
      const read = fromStoredResults(stored, brochureV1, () => ({ source: 'UBA' }));
      expect(read.factors.find((factor) => factor.key === 'paper_virgin')).toMatchObject({
        year: 2023,
        region: 'DE',
        source: 'UBA',
      });
      const paper = read.breakdown.find((entry) => entry.name === 'paper_co2e')!;
      expect(paper.factors.map(({ key, year, region }) => ({ key, year, region }))).toEqual([
        { key: 'paper_virgin', year: 2023, region: 'DE' },
        { key: 'paper_recycled', year: null, region: null },
      ]);
    });

    it('read as unknown from rows stored before they were kept', () => {
      const older = JSON.parse(JSON.stringify(toStoredResults(brochure)));
      const read = fromStoredResults(older, brochureV1, lookup2024);
      expect(read.factors.every((factor) => factor.year === undefined && factor.region === undefined)).toBe(true);
    });
  });
});
