/**
 * The type check and the rule checks of one present (non-null) field value, compiled once per field: the type's own
 * test (core/field-types), then the rules in the order written. Returns the first fault as a message key.
 */
import { fieldTypeOf, type FieldFault, type InputCheckOptions, type ValueKind } from '../field-types';
import type { Field } from '../template/types';
import type { CompiledRules } from './catalog';

export type { FieldFault, InputCheckOptions } from '../field-types';

/** A present, non-null value's first fault, or undefined. */
export type ValueTest = (value: unknown, options: InputCheckOptions) => FieldFault | undefined;

function kindOf(value: unknown): ValueKind | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return 'array';
  return undefined;
}

/**
 * The field's value test. Each rule's fault is made once here: an import tests every field of every row, and a
 * valid row must allocate nothing.
 */
export function compileValueTest(field: Field, rules: CompiledRules): ValueTest {
  const type = fieldTypeOf(field.type);
  const checks = rules.checks.map((check) => ({
    kind: check.kind,
    test: check.test as (value: unknown) => boolean,
    fault: Object.freeze({ message: check.message, params: check.params, rule: check.rule }) as FieldFault,
  }));
  if (checks.length === 0) return (value, options) => type.typeFault(field, value, options);
  return (value, options) => {
    const typeProblem = type.typeFault(field, value, options);
    if (typeProblem) return typeProblem;
    const kind = kindOf(value);
    for (const check of checks) if (check.kind === kind && !check.test(value)) return check.fault;
    return undefined;
  };
}
