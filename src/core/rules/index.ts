/** Named rules compiled twice from one definition: JSON Schema for Ajv, and validators with translated messages. */
export { RULES, compileRules, valueKind, type Check, type CompiledRules, type RuleError, type ValueKind } from './catalog';
export { parseRule, type ParsedRule } from './parse';
export { RULE_MESSAGES, renderMessage, localize, type MessageKey } from './messages';
export { templateToJsonSchema, fieldSchema, JSON_SCHEMA_DIALECT, type JsonSchema } from './schema';
export { validateInputs, validateField, isFieldVisible, isEmptyInput, setFieldError, type FieldErrors } from './validate';
export { typeFault, fieldValueFault, type InputCheckOptions, type FieldFault } from './field-value';
export { createTemplateAjv, createInputsValidator, ajvErrorsToFieldErrors, type InputsValidator, type InputsValidation } from './ajv';
