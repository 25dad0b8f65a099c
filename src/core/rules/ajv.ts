/**
 * Ajv for calculation inputs: the configuration the input schemas need (formats, float-safe
 * multipleOf) and the way back from Ajv's errors to `{ fieldPath: message }` in the user's
 * language, worded exactly as the client's validators word them.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Language } from '../languages';
import { getCompiledTemplate } from '../template/compile';
import type { Template } from '../template/types';
import { MULTIPLE_OF_PRECISION } from './checks';
import type { InputCheckOptions } from './field-value';
import { localizedParam, wordFaults, type FaultParam } from '../i18n/fault';
import { INPUTS_LABEL, ruleFault, type MessageKey } from './messages';
import { templateToJsonSchema } from './schema';
import { inputFaults, setFieldError, type FieldErrors, type FieldFaults } from './validate';

/** An Ajv instance configured as the input schemas require (use it for templateToJsonSchema's output). */
export function createTemplateAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    multipleOfPrecision: MULTIPLE_OF_PRECISION,
    // Rule checks sit in allOf entries without a `type` of their own, as JSON Schema allows.
    strictTypes: false,
  });
  addFormats(ajv);
  return ajv;
}

function decodePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Ajv errors as field errors in `lang` (see ajvFaults). */
export function ajvErrorsToFieldErrors(
  template: Template,
  ajvErrors: readonly ErrorObject[] | null | undefined,
  lang: Language,
  inputs: unknown,
  options: InputCheckOptions = {},
): FieldErrors {
  return wordFaults(ajvFaults(template, ajvErrors, inputs, options), lang);
}

/**
 * Maps Ajv errors (from a validator of templateToJsonSchema) to field faults. Which paths are
 * wrong comes from Ajv; the faults come from inputFaults, so client and server say the same.
 */
export function ajvFaults(
  template: Template,
  ajvErrors: readonly ErrorObject[] | null | undefined,
  inputs: unknown,
  options: InputCheckOptions = {},
): FieldFaults {
  const compiled = getCompiledTemplate(template);
  const worded = inputFaults(template, inputs, options);
  const errors: FieldFaults = {};
  const labelOf = (path: string[]): FaultParam => {
    const name = path[path.length - 1] ?? '';
    if (path.length === 0) return localizedParam(INPUTS_LABEL, '');
    const group = compiled.repeatables.find((candidate) => candidate.group.id === path[0]);
    if (group && path.length === 1) return localizedParam(group.group.label, name);
    const fields = group ? group.fields : compiled.fields;
    const field = fields.find((candidate) => candidate.field.name === name);
    return field ? localizedParam(field.field.label, name) : name;
  };
  for (const error of ajvErrors ?? []) {
    if (error.keyword === 'if') continue;
    const path = decodePointer(error.instancePath);
    let key: MessageKey = 'invalid';
    if (error.keyword === 'required') {
      path.push(String((error.params as { missingProperty: string }).missingProperty));
      key = error.schemaPath.endsWith('/not/required') ? 'hidden' : 'required';
    } else if (error.keyword === 'additionalProperties') {
      path.push(String((error.params as { additionalProperty: string }).additionalProperty));
      key = 'unknown';
    } else if (error.keyword === 'not' && error.schemaPath.endsWith('/else/not')) {
      key = 'hidden';
      const field = hiddenFieldOf(compiled, path, error.schemaPath);
      if (field) path.push(field);
    } else if (path.length === 1 && compiled.repeatables.some(({ group }) => group.id === path[0])) {
      key = error.keyword === 'minItems' ? 'group.min' : error.keyword === 'maxItems' ? 'group.max' : 'type.entries';
    }
    // Faults inside a list field's value (`/tags/0`) belong to the field itself.
    const isGroup = compiled.repeatables.some(({ group }) => group.id === path[0]);
    if (path.length > (isGroup ? 3 : 1)) path.length = isGroup ? 3 : 1;
    const dotted = path.join('.');
    if (Object.prototype.hasOwnProperty.call(errors, dotted)) continue;
    if (Object.prototype.hasOwnProperty.call(worded, dotted)) {
      setFieldError(errors, dotted, worded[dotted]!);
      continue;
    }
    const group = compiled.repeatables.find((candidate) => candidate.group.id === path[0])?.group;
    setFieldError(
      errors,
      dotted,
      ruleFault(key, key === 'unknown' ? (path[path.length - 1] ?? '') : labelOf(path), {
        min: group?.min ?? 0,
        max: group?.max ?? 0,
      }),
    );
  }
  return errors;
}

// `#/allOf/<n>/else/not` (top level) or `#/properties/<group>/items/allOf/<n>/else/not`: the n-th conditional field.
function hiddenFieldOf(
  compiled: ReturnType<typeof getCompiledTemplate>,
  path: string[],
  schemaPath: string,
): string | undefined {
  const match = /allOf\/(\d+)\/else\/not$/.exec(schemaPath);
  if (!match) return undefined;
  const fields =
    path.length === 0
      ? compiled.fields
      : (compiled.repeatables.find(({ group }) => group.id === path[0])?.fields ?? []);
  return fields.filter(({ visibility }) => visibility)[Number(match[1])]?.field.name;
}

export interface InputsValidation {
  valid: boolean;
  faults: FieldFaults;
}

export type InputsValidator = (inputs: unknown) => InputsValidation;

// One answer for every accepted input: an import asks once per row.
const ACCEPTED: InputsValidation = Object.freeze({ valid: true, faults: Object.freeze({}) });

/**
 * A compiled Ajv validator for one template (compile once per template version and reuse):
 * Ajv gives the verdict, ajvFaults the faults (worded by whoever reads them).
 */
export function createInputsValidator(
  template: Template,
  options: InputCheckOptions = {},
  ajv: Ajv2020 = createTemplateAjv(),
): InputsValidator {
  const validate: ValidateFunction = ajv.compile(templateToJsonSchema(template, options));
  return (inputs) => {
    if (validate(inputs)) return ACCEPTED;
    return { valid: false, faults: ajvFaults(template, validate.errors, inputs, options) };
  };
}
