/**
 * Order arithmetic in integers: quantities in kg, money in minor units. The only float is the
 * calculations' total CO2e, which is rounded UP to the mandant's step once, here.
 */
import type { MandantSettings } from '../../core/api';

/** The mandant's ordering step in kg: `offset_rounding_t` 0.1 → 100 kg, otherwise 1 t (the default). */
export function roundingStepKg(settings: MandantSettings): number {
  return settings.offset_rounding_t === 0.1 ? 100 : 1000;
}

/** Total kg CO2e rounded up to whole steps. A hair above a step (float noise) does not buy a whole step more. */
export function orderedKg(totalCo2eKg: number, stepKg: number): number {
  if (!(totalCo2eKg > 0)) return 0;
  const steps = Math.ceil(totalCo2eKg / stepKg - 1e-9);
  return Math.max(steps, 0) * stepKg;
}

/** Price of `kg` at `pricePerTonneMinor`, rounded half up to a whole minor unit (exact integer arithmetic). */
export function priceMinor(kg: number, pricePerTonneMinor: number): number {
  const product = BigInt(kg) * BigInt(pricePerTonneMinor);
  return Number((product + 500n) / 1000n);
}
