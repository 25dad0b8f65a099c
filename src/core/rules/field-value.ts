/**
 * The type check and the rule checks of one present (non-null) field value: the test side of
 * what schema.ts writes as JSON Schema. Returns the first fault as a message key.
 */
import { fieldTypeOf, type FieldFault, type InputCheckOptions, type ValueKind } from '../field-types';
import type { Field } from '../template/types';
import type { CompiledRules } from './catalog';

export type { FieldFault, InputCheckOptions } from '../field-types';

/** Fault of the value's type (the field's base schema), or undefined: the type's own test (core/field-types). */
export function typeFault(field: Field, value: unknown, options: InputCheckOptions = {}): FieldFault | undefined {
  return fieldTypeOf(field.type).typeFault(field, value, options);
}

function kindOf(value: unknown): ValueKind | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return 'array';
  return undefined;
}

/** First fault of a present, non-null value: its type, then its rules in the order written. */
export function fieldValueFault(
  field: Field,
  rules: CompiledRules,
  value: unknown,
  options: InputCheckOptions = {},
): FieldFault | undefined {
  const typeProblem = typeFault(field, value, options);
  if (typeProblem) return typeProblem;
  const kind = kindOf(value);
  for (const check of rules.checks) {
    if (check.kind !== kind) continue;
    if (!(check.test as (value: unknown) => boolean)(value))
      return { message: check.message, params: check.params, rule: check.rule };
  }
  return undefined;
}
