/** The formula language: parsing, static checks, evaluation and the calculation of a template's results. */
export { parseFormula, FormulaSyntaxError } from './parse';
export { checkFormula } from './check';
export { buildFormulaScope } from './scope';
export { CalculationError } from './evaluate';
export { orderResults } from './order';
export {
  calculationResults,
  computeResults,
  computePrunedResults,
  tryComputeResults,
  type ComputeOutcome,
  type ComputedResults,
} from './compute';
export {
  toStoredResults,
  storedResultsWriter,
  type StoredResultsWriter,
  fromStoredResults,
  type StoredForm,
  type StoredFactor,
  type FactorDetails,
} from './stored-results';
