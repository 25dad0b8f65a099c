import { describe, expect, it } from 'vitest';
import { computeResults } from '../../../src/core/formula';
import { subtotalRoles } from '../../../src/core/formula/subtotals';
import { defaultInputs } from '../../../src/core/template';
import { lookup2025, shippedTemplate } from '../support/templates';

describe('stage subtotals in the result panel (issue #35)', () => {
  it('marks the brochure’s stage sums as subtotals and their lines as parts, never the total', () => {
    const template = shippedTemplate('brochure');
    const { breakdown } = computeResults(template, defaultInputs(template), lookup2025);
    const roles = subtotalRoles(breakdown);
    expect(roles.get('press_co2e')).toBe('subtotal');
    expect(roles.get('postpress_co2e')).toBe('subtotal');
    for (const part of ['ink_co2e', 'press_energy_co2e', 'consumables_co2e', 'finishing_energy_co2e'])
      expect(roles.get(part), part).toBe('part');
    expect(roles.has('total_co2e')).toBe(false);
    expect(roles.has('co2e_per_piece')).toBe(false);
    // Counts and masses are no subtotals of the footprint (plates = formes × colours is no sum of lines).
    expect(roles.has('plates')).toBe(false);
    expect(roles.has('paper_kg')).toBe(false);
    // What the column shows without the parts adds up to the total.
    const lines = breakdown.filter(
      (entry) => !entry.primary && entry.unit === 'kg CO2e' && entry.name !== 'co2e_per_piece',
    );
    const sum = lines
      .filter((entry) => roles.get(entry.name) !== 'part')
      .reduce((total, entry) => total + entry.value, 0);
    expect(sum).toBeCloseTo(breakdown.find((entry) => entry.primary)!.value, 6);
  });
});
