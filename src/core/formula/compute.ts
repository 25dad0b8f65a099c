/**
 * computeResults: the authoritative calculation, identical on client (live preview) and
 * server. Results are evaluated in dependency order; the breakdown records for each result
 * its value, unit, formula and the factors it read, so every figure traces to its sources.
 */
import { getCompiledTemplate } from '../template/compile';
import type { CalculationResults, FactorUse, ResultBreakdown } from '../api/calculations';
import type { CalculationInputs, FactorInfo, FactorLookup, Template } from '../template/types';
import { pruneInputs } from '../template/inputs';
import type { ProductionData, ProductionUse } from '../production';
import { CalculationError, type FormulaRun } from './evaluate';

// A factor a result read and one entry per result: the contract's shapes (api/calculations), which the API answers
// and serialises as they are.
export type { FactorUse, ResultBreakdown };

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

/**
 * The results a calculation stores and the API answers, made from a computation: its values, breakdown and factors,
 * the factor database it cites and, only when a formula read a machine or energy figure, those figures and the machine
 * set (a calculation that read none is tied to no set). Key order is the stored JSON's.
 */
export function calculationResults(
  computed: ComputedResults,
  database: CalculationResults['database'],
  machineSet?: CalculationResults['machine_set'],
): CalculationResults {
  const results: CalculationResults = {
    values: computed.results,
    primary: computed.primaryName,
    breakdown: computed.breakdown,
    factors: computed.factors,
    database,
  };
  if (computed.production.length > 0 && machineSet) {
    results.production = computed.production;
    results.machine_set = machineSet;
  }
  return results;
}

// One FactorUse per factor the lookup answers: every row that reads a factor cites the same object.
const factorUses = new WeakMap<FactorInfo, FactorUse>();

function factorUseOf(factor: FactorInfo): FactorUse {
  let use = factorUses.get(factor);
  if (!use) {
    use = { key: factor.key, value: factor.value, unit: factor.unit, source: factor.source };
    if (factor.label) use.label = factor.label;
    if (factor.year !== undefined) use.year = factor.year;
    if (factor.region !== undefined) use.region = factor.region;
    if (factor.data_type !== undefined) use.data_type = factor.data_type;
    if (factor.technology !== undefined) use.technology = factor.technology;
    // Only a declared factor carries its declaration, so stored and answered results stay as they were for the rest.
    if (factor.declaration_kind) {
      use.declaration_kind = factor.declaration_kind;
      use.biogenic_co2 = factor.biogenic_co2 ?? null;
      use.delivery_included = factor.delivery_included ?? null;
    }
    factorUses.set(factor, use);
  }
  return use;
}

/** Puts `entry` in the list under its key, in the place of the first one of that key (a Map's set, without the Map). */
function cite<T>(list: T[], entry: T, key: (item: T) => string): void {
  const wanted = key(entry);
  for (let index = 0; index < list.length; index++) {
    if (key(list[index] as T) === wanted) {
      list[index] = entry;
      return;
    }
  }
  list.push(entry);
}

const factorKey = (use: FactorUse) => use.key;
const productionRef = (use: ProductionUse) => use.ref;

/** One row's run of a template's compiled formulas: what they read, for the current result and for all. */
class Computation implements FormulaRun {
  readonly results: (number | undefined)[];
  item: Record<string, unknown> | undefined = undefined;
  ownFactors: FactorUse[] = [];
  ownProduction: ProductionUse[] | undefined = undefined;
  readonly allFactors: FactorUse[] = [];
  readonly allProduction: ProductionUse[] = [];
  readonly inputs: Record<string, unknown>;
  readonly factorLookup: FactorLookup;
  readonly production: ProductionData | undefined;

  constructor(
    inputs: Record<string, unknown>,
    factorLookup: FactorLookup,
    production: ProductionData | undefined,
    resultCount: number,
  ) {
    this.inputs = inputs;
    this.factorLookup = factorLookup;
    this.production = production;
    this.results = new Array<number | undefined>(resultCount).fill(undefined);
  }

  readFactor(factor: FactorInfo): void {
    const use = factorUseOf(factor);
    cite(this.ownFactors, use, factorKey);
    cite(this.allFactors, use, factorKey);
  }

  readProduction(use: ProductionUse): void {
    cite((this.ownProduction ??= []), use, productionRef);
    cite(this.allProduction, use, productionRef);
  }
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
  return computePrunedResults(template, pruneInputs(template, inputs), factorLookup, production);
}

/** computeResults of inputs already pruned (pruneInputs): the server's path, which prunes them to store them. */
export function computePrunedResults(
  template: Template,
  visibleInputs: CalculationInputs,
  factorLookup: FactorLookup,
  production?: ProductionData,
): ComputedResults {
  const compiled = getCompiledTemplate(template);
  const count = template.results.length;
  const run = new Computation(visibleInputs, factorLookup, production, count);
  const breakdown = new Array<ResultBreakdown>(count);
  for (const { result, uses, slot, evaluate } of compiled.results) {
    run.ownFactors = [];
    run.ownProduction = undefined;
    let value: unknown;
    try {
      value = evaluate(run);
    } catch (error) {
      if (error instanceof CalculationError) error.result = result.name;
      throw error;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new CalculationError('type', `result '${result.name}' is not a number`, { result: result.name });
    }
    // -0 would survive JSON as 0 anyway; normalise so client and server compare equal.
    const normalised = value === 0 ? 0 : value;
    run.results[slot] = normalised;
    const entry: ResultBreakdown = {
      name: result.name,
      label: result.label,
      unit: result.unit,
      formula: result.formula,
      value: normalised,
      factors: run.ownFactors,
      uses,
      primary: result === compiled.primary,
    };
    if (run.ownProduction) entry.production = run.ownProduction;
    breakdown[slot] = entry;
  }
  // Filled in the template's order, so every row's values object has the same shape.
  const results: Record<string, number> = {};
  for (let slot = 0; slot < count; slot++) results[template.results[slot]!.name] = run.results[slot] as number;
  return {
    results,
    breakdown,
    primary: results[compiled.primary.name] as number,
    primaryName: compiled.primary.name,
    factors: run.allFactors,
    production: run.allProduction,
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
