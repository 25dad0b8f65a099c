/**
 * `overhead(machine_hours, sheets, kg)` (issue 33, item 3): a job's share of the printer's annual site footprint by the
 * site's allocation key, cited in the provenance like `energy()`; 0 without a machine set or without a site record.
 */
import { describe, expect, it } from 'vitest';
import { computeResults } from '../../../src/core/formula';
import {
  productionFigureKey,
  toProductionData,
  type ProductionSetFields,
  type SiteFootprint,
} from '../../../src/core/production';
import { defaultInputs, pruneInputs } from '../../../src/core/template';
import { lookup2024, shippedTemplate } from '../support/templates';

const set: ProductionSetFields = {
  id: 1,
  name: 'Shop',
  version_label: '2026',
  electricity_factor: 0.38,
  electricity_supplier: 'Stadtwerke',
  electricity_source: 'Contract 2026',
  electricity_year: 2026,
  electricity_region: 'DE',
  electricity_go_share: null,
  electricity_residual_factor: null,
  electricity_residual_source: '',
  electricity_location_factor: null,
  electricity_location_source: '',
};

const site = (allocationKey: SiteFootprint['allocationKey'], annualAmount: number): SiteFootprint => ({
  annualKgCo2e: 120_000,
  allocationKey,
  annualAmount,
  source: 'Company footprint 2025',
  year: 2025,
});

function flyer(production?: ReturnType<typeof toProductionData>) {
  const template = shippedTemplate('flyer');
  const inputs = pruneInputs(template, { ...defaultInputs(template), title: 'Job', quantity: 5000, format: 'A5' });
  return computeResults(template, inputs, lookup2024, production);
}

describe('overhead(): the site reaches the job', () => {
  it('is 0 without a machine set and without a site record', () => {
    expect(flyer().results.overhead_co2e).toBe(0);
    expect(flyer(toProductionData(set, [])).results.overhead_co2e).toBe(0);
  });

  it('shares the annual footprint by machine hours, sheets or kg', () => {
    const base = flyer().results;
    const byHours = flyer(toProductionData(set, [], site('machine_hours', 4000))).results;
    expect(byHours.overhead_co2e).toBeCloseTo((120_000 * base.press_hours) / 4000, 9);
    const bySheets = flyer(toProductionData(set, [], site('sheets', 12_000_000))).results;
    expect(bySheets.overhead_co2e).toBeCloseTo((120_000 * base.press_sheets) / 12_000_000, 9);
    const byKg = flyer(toProductionData(set, [], site('kg', 2_000_000))).results;
    expect(byKg.overhead_co2e).toBeCloseTo((120_000 * base.paper_kg) / 2_000_000, 9);
    expect(byKg.total_co2e).toBeCloseTo(base.total_co2e + byKg.overhead_co2e, 9);
  });

  it('is cited in the provenance like energy()', () => {
    const { breakdown } = flyer(toProductionData(set, [], site('kg', 2_000_000)));
    const use = breakdown.find((entry) => entry.name === 'overhead_co2e')?.production?.[0];
    expect(use).toMatchObject({
      ref: 'site:kg',
      figure: 'site_overhead',
      value: 0.06,
      unit: 'kg CO2e/kg',
      source: 'Company footprint 2025',
      year: 2025,
    });
    expect(productionFigureKey(use!)).toBe('machines.sets.fields.site_overhead');
  });
});
