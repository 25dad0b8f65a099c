/**
 * The type check and the rule checks of one present (non-null) field value: the test side of
 * what schema.ts writes as JSON Schema. Returns the first fault as a message key.
 */
import type { Field } from '../template/types';
import type { CompiledRules, ValueKind } from './catalog';
import { hasUniqueStrings, isDate } from './checks';
import type { MessageKey, MessageParams } from './messages';

export interface FieldFault {
  message: MessageKey;
  params: MessageParams;
  /** The rule that failed, absent for type faults. */
  rule?: string;
}

export interface InputCheckOptions {
  /** Factor keys offered per category (from the factor database in use); unchecked when absent. */
  factorKeys?: Readonly<Record<string, readonly string[]>>;
  /** Machine keys offered per kind (from the machine set in use); unchecked when absent. */
  machineKeys?: Readonly<Record<string, readonly string[]>>;
}

// Module level, not a closure per call: imports check every field of every row.
function fault(message: MessageKey): FieldFault {
  return { message, params: {} };
}

/** Fault of the value's type (the field's base schema), or undefined. */
export function typeFault(field: Field, value: unknown, options: InputCheckOptions = {}): FieldFault | undefined {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return typeof value === 'string' ? undefined : fault('type.text');
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
        ? undefined
        : fault(typeof value === 'number' ? 'integer' : 'type.number');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : fault('type.number');
    case 'boolean':
      return typeof value === 'boolean' ? undefined : fault('type.boolean');
    case 'date':
      return typeof value === 'string' && isDate(value) ? undefined : fault('date');
    case 'select':
      return typeof value === 'string' && optionValues(field).includes(value) ? undefined : fault('type.option');
    case 'multiselect': {
      const values = optionValues(field);
      if (!Array.isArray(value) || !hasUniqueStrings(value)) return fault('type.list');
      return value.every((entry) => typeof entry === 'string' && values.includes(entry))
        ? undefined
        : fault('type.option');
    }
    case 'tags':
      return Array.isArray(value) &&
        hasUniqueStrings(value) &&
        value.every((entry) => typeof entry === 'string' && entry.length > 0)
        ? undefined
        : fault('type.list');
    case 'factor': {
      if (typeof value !== 'string' || value.length === 0) return fault('type.factor');
      const keys = field.category !== undefined ? options.factorKeys?.[field.category] : undefined;
      return keys && !keys.includes(value) ? fault('type.factor') : undefined;
    }
    case 'machine': {
      if (typeof value !== 'string' || value.length === 0) return fault('type.machine');
      const keys = field.machineKind !== undefined ? options.machineKeys?.[field.machineKind] : undefined;
      return keys && !keys.includes(value) ? fault('type.machine') : undefined;
    }
  }
}

export function optionValues(field: Field): string[] {
  return (field.options ?? []).map((option) => option.value);
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
