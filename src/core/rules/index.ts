/** Named rules compiled twice from one definition: JSON Schema for Ajv, and validators with translated messages. */
export { compileRules, RULE_ARITY } from './catalog';
export { parseRule } from './parse';
export { localize } from './messages';
export { templateToJsonSchema } from './schema';
export { validateInputs, validateField, isFieldVisible, type FieldFaults } from './validate';
export { createTemplateAjv, createInputsValidator, ajvErrorsToFieldErrors, type InputsValidator } from './ajv';
