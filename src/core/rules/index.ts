/** Named rules compiled once from one definition into value tests with message keys; the one validator of inputs. */
export { compileRules, RULE_ARITY } from './catalog';
export { parseRule } from './parse';
export { localize } from './messages';
export {
  createInputsValidator,
  validateInputs,
  validateField,
  isFieldVisible,
  type FieldFaults,
  type InputsValidator,
} from './validate';
