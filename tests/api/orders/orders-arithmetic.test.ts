/** Order arithmetic: tonnes rounded UP by the mandant's step, prices in integer minor units. */
import { describe, expect, it } from 'vitest';
import { orderedKg, priceMinor, roundingStepKg } from '../../../src/server/orders/quantity';

describe('order quantity and price', () => {
  it('takes the step from offset_rounding_t (0.1 t or 1 t, default 1 t)', () => {
    expect(roundingStepKg({ offset_rounding_t: 0.1 })).toBe(100);
    expect(roundingStepKg({ offset_rounding_t: 1 })).toBe(1000);
    expect(roundingStepKg({})).toBe(1000);
  });

  it('rounds the total kg CO2e up to whole steps', () => {
    expect(orderedKg(323.96298, 100)).toBe(400);
    expect(orderedKg(323.96298, 1000)).toBe(1000);
    expect(orderedKg(1000, 1000)).toBe(1000);
    expect(orderedKg(1000.5, 1000)).toBe(2000);
    expect(orderedKg(100.01, 100)).toBe(200);
    // Float noise from summing several calculations must not buy a whole extra step.
    expect(orderedKg(0.1 + 0.2 + 99.7, 100)).toBe(100);
    expect(orderedKg(0, 100)).toBe(0);
    expect(orderedKg(-5, 100)).toBe(0);
  });

  it('prices kg × price per tonne in integer minor units, half up', () => {
    expect(priceMinor(1000, 2450)).toBe(2450);
    expect(priceMinor(400, 2450)).toBe(980);
    expect(priceMinor(100, 1234)).toBe(123); // 123.4
    expect(priceMinor(100, 1235)).toBe(124); // 123.5
    expect(priceMinor(2_000_000_000, 99_999)).toBe(199_998_000_000);
    expect(Number.isInteger(priceMinor(300, 333))).toBe(true);
  });
});
