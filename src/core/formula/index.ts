/** The formula language: parsing, static checks, evaluation and the calculation of a template's results. */
export { parseFormula, FormulaSyntaxError, MAX_FORMULA_DEPTH, MAX_FORMULA_LENGTH, type FormulaNode } from './parse';
export { checkFormula, type FormulaCheck } from './check';
export { buildFormulaScope, type FormulaScope } from './scope';
export { FUNCTIONS, type FunctionSignature } from './functions';
export { evaluateFormula, CalculationError, type CalculationErrorCode, type EvaluationContext, type FormulaValue } from './evaluate';
export { orderResults, type ResultOrder } from './order';
export {
  computeResults,
  tryComputeResults,
  type ComputedResults,
  type ComputeOutcome,
  type ResultBreakdown,
  type FactorUse,
} from './compute';
export { toStoredResults, fromStoredResults, type StoredResults, type StoredForm, type StoredFactor, type FactorDetails } from './stored-results';
