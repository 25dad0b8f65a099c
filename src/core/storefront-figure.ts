/**
 * A storefront's figure from the one formula engine (core/formula): the inputs an offer computes with, and the
 * footprint a shop shows (total, per copy, the stages). The server's quote (src/server/storefronts/quote.ts) and the
 * calculator in the shop's page (src/storefront/) both go through here, so the figure a customer sees as they type is
 * the one the server confirms (issue 39). Kept free of the message catalogue and of Ajv: the widget bundles it.
 */
import { computePrunedResults, type ResultBreakdown } from './formula/compute';
import { subtotalRoles } from './formula/subtotals';
import { defaultInputs, pruneInputs } from './template/inputs';
import type { PrintStage } from './template/stages';
import type { CalculationInputs, FactorLookup, Template } from './template/types';
import type { ProductionData } from './production';

/**
 * The inputs an offer computes with: the customer's (`sent`) over the printer's preset (its fixed values, the job's
 * title), over the template's defaults, as a new calculation's form starts. The defaults of fields these values hide
 * are left out, as the back office's form sends none of them (a brochure without a cover has no cover paper); a
 * hidden field the shop or the printer names is still passed on, for the server's validation to refuse.
 */
export function offerInputs(
  template: Template,
  preset: Record<string, unknown>,
  sent: Record<string, unknown>,
): CalculationInputs {
  const given = { ...preset, ...sent };
  return { ...pruneInputs(template, { ...defaultInputs(template), ...given }), ...given };
}

export interface OfferFigure {
  kg_co2e: number;
  /** Per copy (the template's `quantity` field), or null where the template has none. */
  kg_co2e_per_unit: number | null;
  /** The included stages in the template's order, each its kg CO2e. */
  stages: { stage: PrintStage; kg_co2e: number }[];
}

/**
 * The figure of computed results. A stage's kg CO2e are its lines in the total's unit, a subtotal's parts not counted
 * twice (core/formula/subtotals), so the stages add up to no more than the total.
 */
export function offerFigure(
  template: Template,
  storedInputs: CalculationInputs,
  results: { values: Record<string, number>; breakdown: readonly ResultBreakdown[] },
  total: number,
): OfferFigure {
  const roles = subtotalRoles(results.breakdown);
  const unit = results.breakdown.find((entry) => entry.primary)?.unit;
  const counted = new Set(
    results.breakdown
      .filter((entry) => !entry.primary && entry.unit === unit && roles.get(entry.name) !== 'part')
      .map((entry) => entry.name),
  );
  const stages: OfferFigure['stages'] = [];
  for (const stage of template.method?.stages ?? []) {
    if (!stage.included) continue;
    const kg = stage.results
      .filter((name) => counted.has(name))
      .reduce((sum, name) => sum + (results.values[name] ?? 0), 0);
    stages.push({ stage: stage.stage, kg_co2e: kg });
  }
  const quantity = storedInputs.quantity;
  return {
    kg_co2e: total,
    kg_co2e_per_unit: typeof quantity === 'number' && quantity > 0 ? total / quantity : null,
    stages,
  };
}

/**
 * The figure of an offer's inputs, computed in place (the widget's path): no validation, which stays the server's.
 * Throws the engine's CalculationError where a formula cannot run (a factor the page was not given, say).
 */
export function computeOfferFigure(
  template: Template,
  inputs: CalculationInputs,
  factorLookup: FactorLookup,
  production?: ProductionData,
): OfferFigure {
  const stored = pruneInputs(template, inputs);
  const computed = computePrunedResults(template, stored, factorLookup, production);
  return offerFigure(template, stored, { values: computed.results, breakdown: computed.breakdown }, computed.primary);
}
