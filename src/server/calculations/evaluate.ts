/**
 * The authoritative calculation: validate a calculation's inputs against its template (the core's one
 * validator, core/rules/validate.ts, compiled per template version) and compute the results with a factor
 * database. Whatever results a client sends are never used. Faults are refused as message keys with
 * params by `inputs.<field path>`: the reader's edge words them (the HTTP answer, an import's row errors).
 */
import type { CalculationResults } from '../../core/api';
import { CalculationError, calculationResults, computePrunedResults } from '../../core/formula';
import { createInputsValidator, type FieldFaults, type InputsValidator } from '../../core/rules';
import { pruneInputs, type CalculationInputs, type Template } from '../../core/template';
import type { FactorSet } from '../factors/factor-set';
import type { ProductionSet } from '../machines/production';
import { badRequest } from '../refusals';
import { calculationFailure, calculationMessage } from './messages';

export interface Evaluation {
  /** The validated inputs as stored (empty optional values dropped). */
  inputs: CalculationInputs;
  results: CalculationResults;
  /** The primary result, kg CO2e. */
  total: number;
}

/** Validators per template version and factor database state (the keys they offer are part of the verdict). */
const validators = new Map<string, InputsValidator>();
const MAX_VALIDATORS = 200;

// The last validator asked for: an import or a migration asks for the same one for every row.
let last:
  | { template: Template; factors: FactorSet; production: ProductionSet | undefined; validator: InputsValidator }
  | undefined;

function validatorFor(template: Template, factors: FactorSet, production: ProductionSet | undefined): InputsValidator {
  if (last && last.template === template && last.factors === factors && last.production === production)
    return last.validator;
  // A published machine set never changes; a draft one is never used by calculations.
  const key = `${template.id}@${template.version}|${factors.database.id}@${factors.database.version}|${production?.data.set.id ?? ''}`;
  let validator = validators.get(key);
  if (!validator) {
    if (validators.size >= MAX_VALIDATORS) validators.delete(validators.keys().next().value as string);
    validator = createInputsValidator(template, {
      factorKeys: factors.keysByCategory,
      machineKeys: production?.keysByKind,
    });
    validators.set(key, validator);
  }
  last = { template, factors, production, validator };
  return validator;
}

function prefixed(errors: FieldFaults): FieldFaults {
  const result: FieldFaults = {};
  for (const [path, message] of Object.entries(errors)) result[path === '' ? 'inputs' : `inputs.${path}`] = message;
  return result;
}

/** Validates and computes; refuses as invalid (a Refusal) naming every faulty field. */
export function evaluateCalculation(
  template: Template,
  inputs: unknown,
  factors: FactorSet,
  production?: ProductionSet,
): Evaluation {
  // One pass: the verdict and, for a rejected row, its faults as message keys, the same the form shows.
  const verdict = validatorFor(template, factors, production)(inputs);
  if (!verdict.valid) throw badRequest(calculationMessage('invalidInputs'), prefixed(verdict.faults));

  const stored = pruneInputs(template, inputs as CalculationInputs);
  let computed;
  try {
    computed = computePrunedResults(template, stored, factors.lookup, production?.data);
  } catch (problem) {
    if (!(problem instanceof CalculationError)) throw problem;
    const message = calculationFailure(problem, factors.database, production?.data.set);
    throw badRequest(message, { [problem.field ? `inputs.${problem.field}` : 'inputs']: message });
  }
  const results = calculationResults(computed, databaseRef(factors), production?.data.set);
  return { inputs: stored, total: computed.primary, results };
}

// The database a result names, one object per factor set: every row of an import or migration cites the same.
const databaseRefs = new WeakMap<FactorSet, CalculationResults['database']>();

function databaseRef(factors: FactorSet): CalculationResults['database'] {
  let ref = databaseRefs.get(factors);
  if (!ref) {
    const { id, name, version_label } = factors.database;
    ref = { id, name, version_label };
    databaseRefs.set(factors, ref);
  }
  return ref;
}
