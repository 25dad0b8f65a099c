/**
 * computeResults: the authoritative calculation, identical on client (live preview) and
 * server. Results are evaluated in dependency order; the breakdown records for each result
 * its value, unit, formula and the factors it read, so every figure traces to its sources.
 */
import { getCompiledTemplate } from '../template/compile';
import type { LocalizedText } from '../languages';
import type { CalculationInputs, FactorInfo, FactorLookup, Template } from '../template/types';
import { pruneInputs } from '../template/inputs';
import type { ProductionData, ProductionUse } from '../production';
import { CalculationError, evaluateFormula } from './evaluate';

export interface FactorUse {
  key: string;
  /** kg CO2e per unit. */
  value: number;
  unit: string;
  source: string;
  label?: LocalizedText;
  /** The year the figure refers to; null: the database did not record it; absent: results stored before it was kept. */
  year?: number | null;
  /** Where the figure applies (e.g. `DE`); null and absent as for `year`. */
  region?: string | null;
}

export interface ResultBreakdown {
  name: string;
  label: LocalizedText;
  unit: string;
  formula: string;
  value: number;
  /** Factors this result's own formula read. */
  factors: FactorUse[];
  /** Results this result's formula uses (their factors are in their own entries). */
  uses: string[];
  primary: boolean;
  /** Machine and energy figures this result's own formula read (present only when it read any). */
  production?: ProductionUse[];
}

export interface ComputedResults {
  /** Result name → value, in the result's unit. */
  results: Record<string, number>;
  /** One entry per result, in the template's order. */
  breakdown: ResultBreakdown[];
  /** The primary result's value (kg CO2e). */
  primary: number;
  primaryName: string;
  /** Every factor used by any result, once. */
  factors: FactorUse[];
  /** Every machine or energy figure used by any result, once. */
  production: ProductionUse[];
}

function toUse(factor: FactorInfo): FactorUse {
  const use: FactorUse = { key: factor.key, value: factor.value, unit: factor.unit, source: factor.source };
  if (factor.label) use.label = factor.label;
  if (factor.year !== undefined) use.year = factor.year;
  if (factor.region !== undefined) use.region = factor.region;
  return use;
}

/**
 * Records each factor a formula reads, for its result and for all. Made by a factory rather than
 * as an inline arrow: keep-names builds (tsx, esbuild) wrap every named closure in a
 * defineProperty call, which was a third of the cost of a computation.
 */
function factorSink(own: Map<string, FactorUse>, all: Map<string, FactorUse>): (factor: FactorInfo) => void {
  return (factor) => {
    const use = toUse(factor);
    own.set(factor.key, use);
    all.set(factor.key, use);
  };
}

function productionSink(
  own: Map<string, ProductionUse>,
  all: Map<string, ProductionUse>,
): (use: ProductionUse) => void {
  return (use) => {
    own.set(use.ref, use);
    all.set(use.ref, use);
  };
}

/**
 * Computes all results. Hidden fields are ignored (as the server never receives them), missing
 * values fall back to the field's default. Throws CalculationError (with `result`) on missing
 * inputs, unknown factors, division by zero or any non-finite number.
 */
export function computeResults(
  template: Template,
  inputs: CalculationInputs,
  factorLookup: FactorLookup,
  production?: ProductionData,
): ComputedResults {
  const compiled = getCompiledTemplate(template);
  const visibleInputs = pruneInputs(template, inputs);
  const results: Record<string, number> = {};
  const byName = new Map<string, ResultBreakdown>();
  const allFactors = new Map<string, FactorUse>();
  const allProduction = new Map<string, ProductionUse>();
  for (const { result, ast, uses } of compiled.results) {
    const factors = new Map<string, FactorUse>();
    const figures = new Map<string, ProductionUse>();
    let value: unknown;
    try {
      value = evaluateFormula(ast, {
        scope: compiled.scope,
        inputs: visibleInputs,
        results,
        factorLookup,
        onFactor: factorSink(factors, allFactors),
        production,
        onProduction: productionSink(figures, allProduction),
      });
    } catch (error) {
      if (error instanceof CalculationError) {
        error.result = result.name;
        throw error;
      }
      throw error;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new CalculationError('type', `result '${result.name}' is not a number`, { result: result.name });
    }
    // -0 would survive JSON as 0 anyway; normalise so client and server compare equal.
    results[result.name] = value === 0 ? 0 : value;
    const entry: ResultBreakdown = {
      name: result.name,
      label: result.label,
      unit: result.unit,
      formula: result.formula,
      value: results[result.name],
      factors: [...factors.values()],
      uses,
      primary: result === compiled.primary,
    };
    if (figures.size > 0) entry.production = [...figures.values()];
    byName.set(result.name, entry);
  }
  return {
    results: Object.fromEntries(template.results.map((result) => [result.name, results[result.name]])),
    breakdown: template.results.map((result) => byName.get(result.name) as ResultBreakdown),
    primary: results[compiled.primary.name],
    primaryName: compiled.primary.name,
    factors: [...allFactors.values()],
    production: [...allProduction.values()],
  };
}

export type ComputeOutcome = { ok: true; value: ComputedResults } | { ok: false; error: CalculationError };

/** For live previews: never throws on calculation faults. */
export function tryComputeResults(
  template: Template,
  inputs: CalculationInputs,
  factorLookup: FactorLookup,
  production?: ProductionData,
): ComputeOutcome {
  try {
    return { ok: true, value: computeResults(template, inputs, factorLookup, production) };
  } catch (error) {
    if (error instanceof CalculationError) return { ok: false, error };
    throw error;
  }
}
