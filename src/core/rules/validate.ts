/**
 * Validation of a calculation's inputs in the user's language: the twin of schema.ts (same
 * verdict as Ajv on that schema, see tests/unit/rules-agreement.test.ts). Field paths are
 * react-admin style: `quantity`, `transport.0.distance_km`, `transport` (the group itself).
 */
import type { Language } from '../languages';
import { getCompiledTemplate, type CompiledField, type CompiledTemplate } from '../template/compile';
import type { Field, Group, Template } from '../template/types';
import { compileCondition, evaluateCondition, type Condition } from '../template/visibility';
import { compileRules, type CompiledRules } from './catalog';
import { fieldValueFault, type InputCheckOptions } from './field-value';
import { localizedParam, wordFaults, type Fault, type FaultParam } from '../i18n/fault';
import { INPUTS_LABEL, localize, renderMessage, ruleFault, type MessageKey, type MessageParams } from './messages';

export type FieldErrors = Record<string, string>;
/** Each faulty field's fault, worded by whoever reads it. */
export type FieldFaults = Record<string, Fault>;

/** Sets an own, enumerable entry even for keys such as `__proto__` that plain assignment would not create. */
export function setFieldError<T>(errors: Record<string, T>, path: string, message: T): void {
  if (!Object.prototype.hasOwnProperty.call(errors, path)) {
    Object.defineProperty(errors, path, { value: message, enumerable: true, writable: true, configurable: true });
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function own(values: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
}

/** Validates the whole inputs object in `lang`; `{}` means valid. Paths as described above, `''` for the object itself. */
export function validateInputs(
  template: Template,
  inputs: unknown,
  lang: Language,
  options: InputCheckOptions = {},
): FieldErrors {
  return wordFaults(inputFaults(template, inputs, options), lang);
}

/** The faults of the whole inputs object as message keys with params; `{}` means valid. */
export function inputFaults(template: Template, inputs: unknown, options: InputCheckOptions = {}): FieldFaults {
  const compiled = getCompiledTemplate(template);
  const errors: FieldFaults = {};
  const say: Say = (path, key, label, params = {}) => {
    setFieldError(errors, path, ruleFault(key, label, params));
  };
  if (!isPlainObject(inputs)) {
    say('', 'invalid', localizedParam(INPUTS_LABEL, ''));
    return errors;
  }
  const names = levelNames(compiled);
  validateLevel(compiled.fields, names.top, inputs, '', options, say);
  for (const { group, fields } of compiled.repeatables) {
    const raw = own(inputs, group.id);
    const label = () => localizedParam(group.label, group.id);
    if (raw === undefined) {
      if ((group.min ?? 0) > 0) say(group.id, 'group.min', label(), { min: group.min as number });
      continue;
    }
    if (!Array.isArray(raw)) {
      say(group.id, 'type.entries', label());
      continue;
    }
    if (group.min !== undefined && raw.length < group.min) say(group.id, 'group.min', label(), { min: group.min });
    if (group.max !== undefined && raw.length > group.max) say(group.id, 'group.max', label(), { max: group.max });
    const itemKnown = names.items.get(group) as ReadonlySet<string>;
    raw.forEach((item, index) => {
      const prefix = `${group.id}.${index}`;
      if (!isPlainObject(item)) say(prefix, 'type.entries', label());
      else validateLevel(fields, itemKnown, item, `${prefix}.`, options, say);
    });
  }
  return errors;
}

/** The input names each level knows, per template version (made once, not per row). */
interface LevelNames {
  top: ReadonlySet<string>;
  items: ReadonlyMap<Group, ReadonlySet<string>>;
}

const levelNamesOf = new WeakMap<CompiledTemplate, LevelNames>();

function levelNames(compiled: CompiledTemplate): LevelNames {
  let names = levelNamesOf.get(compiled);
  if (!names) {
    names = {
      top: new Set([
        ...compiled.fields.map(({ field }) => field.name),
        ...compiled.repeatables.map(({ group }) => group.id),
      ]),
      items: new Map(
        compiled.repeatables.map(({ group, fields }) => [group, new Set(fields.map(({ field }) => field.name))]),
      ),
    };
    levelNamesOf.set(compiled, names);
  }
  return names;
}

type Say = (path: string, key: MessageKey, label: FaultParam, params?: MessageParams) => void;

function validateLevel(
  fields: CompiledField[],
  known: ReadonlySet<string>,
  values: Record<string, unknown>,
  prefix: string,
  options: InputCheckOptions,
  say: Say,
): void {
  for (const key in values) {
    if (Object.prototype.hasOwnProperty.call(values, key) && !known.has(key)) say(`${prefix}${key}`, 'unknown', key);
  }
  for (const { field, rules, isVisible } of fields) {
    const value = own(values, field.name);
    // Labels and paths are worded only for a fault: a valid row (nearly every row of an import) needs neither.
    if (!isVisible(values)) {
      if (value !== undefined) say(`${prefix}${field.name}`, 'hidden', labelOf(field));
      continue;
    }
    if (value === undefined || value === null) {
      if (rules.required) say(`${prefix}${field.name}`, 'required', labelOf(field));
      continue;
    }
    const fault = fieldValueFault(field, rules, value, options);
    if (fault) say(`${prefix}${field.name}`, fault.message, labelOf(field), fault.params);
  }
}

function labelOf(field: Field): FaultParam {
  return localizedParam(field.label, field.name);
}

const fieldRules = new WeakMap<Field, CompiledRules>();
const fieldConditions = new WeakMap<Field, Condition | null>();

function rulesOf(field: Field): CompiledRules {
  let rules = fieldRules.get(field);
  if (!rules) {
    rules = compileRules(field).rules;
    fieldRules.set(field, rules);
  }
  return rules;
}

/**
 * Whether a field is shown, given the values of its own level (the whole form for fields of
 * ordinary groups, the item for fields of a repeatable group).
 */
export function isFieldVisible(field: Field, levelValues: Record<string, unknown>): boolean {
  if (field.visibleIf === undefined) return true;
  let condition = fieldConditions.get(field);
  if (condition === undefined) {
    try {
      condition = compileCondition(field.visibleIf);
    } catch {
      condition = null;
    }
    fieldConditions.set(field, condition);
  }
  return condition ? evaluateCondition(condition, levelValues) : true;
}

/** Treats what a form leaves in an emptied input (undefined, null, '') as "no value". */
export function isEmptyInput(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * One field's message for a form validator (react-admin wraps this), or undefined when valid.
 * `levelValues` are the values of the field's own level, used for visibleIf: hidden fields are
 * not validated (the client drops them with pruneInputs before sending).
 */
export function validateField(
  field: Field,
  value: unknown,
  lang: Language,
  levelValues?: Record<string, unknown>,
  options: InputCheckOptions = {},
): string | undefined {
  if (levelValues && !isFieldVisible(field, levelValues)) return undefined;
  const rules = rulesOf(field);
  const label = localize(field.label, lang, field.name);
  if (isEmptyInput(value)) return rules.required ? renderMessage('required', lang, label) : undefined;
  const fault = fieldValueFault(field, rules, value, options);
  return fault ? renderMessage(fault.message, lang, label, fault.params) : undefined;
}
