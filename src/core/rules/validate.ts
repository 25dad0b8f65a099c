/**
 * The one validator of a calculation's inputs: the server's verdict on a row (calculations/evaluate.ts, imports,
 * migrations), the form's messages and the result panel's all come from here, compiled once per template version
 * (template/compile.ts gives each field its value test). Field paths are react-admin style: `quantity`,
 * `transport.0.distance_km`, `transport` (the group itself).
 */
import type { Language } from '../languages';
import { getCompiledTemplate, type CompiledField, type CompiledTemplate } from '../template/compile';
import type { Field, Group, Template } from '../template/types';
import { compileCondition, evaluateCondition, type Condition } from '../template/visibility';
import { compileRules, type CompiledRules } from './catalog';
import { compileValueTest, type InputCheckOptions, type ValueTest } from './field-value';
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
  return faultsOf(getCompiledTemplate(template), inputs, options) ?? {};
}

export interface InputsValidation {
  valid: boolean;
  faults: FieldFaults;
}

export type InputsValidator = (inputs: unknown) => InputsValidation;

// One answer for every accepted input: an import asks once per row.
const ACCEPTED: InputsValidation = Object.freeze({ valid: true, faults: Object.freeze({}) });

/**
 * The validator of one template version with the factor and machine keys in use, for the server (an import or a
 * migration asks once a row; make it once and reuse it). A valid row allocates nothing.
 */
export function createInputsValidator(template: Template, options: InputCheckOptions = {}): InputsValidator {
  const compiled = getCompiledTemplate(template);
  return (inputs) => {
    const faults = faultsOf(compiled, inputs, options);
    return faults ? { valid: false, faults } : ACCEPTED;
  };
}

/** The faults found so far; made with the first one. */
type Found = FieldFaults | null;

function say(found: Found, path: string, key: MessageKey, label: FaultParam, params: MessageParams = {}): FieldFaults {
  const errors = found ?? {};
  setFieldError(errors, path, ruleFault(key, label, params));
  return errors;
}

function faultsOf(compiled: CompiledTemplate, inputs: unknown, options: InputCheckOptions): Found {
  if (!isPlainObject(inputs)) return say(null, '', 'invalid', localizedParam(INPUTS_LABEL, ''));
  const names = levelNames(compiled);
  let found = levelFaults(compiled.fields, names.top, inputs, null, 0, options, null);
  for (const { group, fields } of compiled.repeatables) {
    const raw = own(inputs, group.id);
    if (raw === undefined) {
      if ((group.min ?? 0) > 0)
        found = say(found, group.id, 'group.min', groupLabel(group), { min: group.min as number });
      continue;
    }
    if (!Array.isArray(raw)) {
      found = say(found, group.id, 'type.entries', groupLabel(group));
      continue;
    }
    if (group.min !== undefined && raw.length < group.min)
      found = say(found, group.id, 'group.min', groupLabel(group), { min: group.min });
    if (group.max !== undefined && raw.length > group.max)
      found = say(found, group.id, 'group.max', groupLabel(group), { max: group.max });
    const itemKnown = names.items.get(group) as ReadonlySet<string>;
    for (let index = 0; index < raw.length; index++) {
      const item: unknown = raw[index];
      if (!isPlainObject(item)) found = say(found, `${group.id}.${index}`, 'type.entries', groupLabel(group));
      else found = levelFaults(fields, itemKnown, item, group.id, index, options, found);
    }
  }
  return found;
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

function groupLabel(group: Group): FaultParam {
  return localizedParam(group.label, group.id);
}

/** A name's path: itself at the top, `<group>.<index>.<name>` in a repeatable group's item (made only for a fault). */
function pathOf(group: string | null, index: number, name: string): string {
  return group === null ? name : `${group}.${index}.${name}`;
}

/** The faults of one level: the form's fields, or one item of a repeatable `group` (at `index`). */
function levelFaults(
  fields: CompiledField[],
  known: ReadonlySet<string>,
  values: Record<string, unknown>,
  group: string | null,
  index: number,
  options: InputCheckOptions,
  found: Found,
): Found {
  for (const key in values) {
    if (Object.prototype.hasOwnProperty.call(values, key) && !known.has(key))
      found = say(found, pathOf(group, index, key), 'unknown', key);
  }
  for (const { field, rules, isVisible, valueFault } of fields) {
    const value = own(values, field.name);
    // Labels and paths are worded only for a fault: a valid row (nearly every row of an import) needs neither.
    if (!isVisible(values)) {
      if (value !== undefined) found = say(found, pathOf(group, index, field.name), 'hidden', labelOf(field));
      continue;
    }
    if (value === undefined || value === null) {
      if (rules.required) found = say(found, pathOf(group, index, field.name), 'required', labelOf(field));
      continue;
    }
    const fault = valueFault(value, options);
    if (fault) found = say(found, pathOf(group, index, field.name), fault.message, labelOf(field), fault.params);
  }
  return found;
}

function labelOf(field: Field): FaultParam {
  return localizedParam(field.label, field.name);
}

const fieldTests = new WeakMap<Field, { rules: CompiledRules; valueFault: ValueTest }>();
const fieldConditions = new WeakMap<Field, Condition | null>();

/** A form field's rules and value test, compiled once (a form validates a field on every change). */
function testsOf(field: Field): { rules: CompiledRules; valueFault: ValueTest } {
  let tests = fieldTests.get(field);
  if (!tests) {
    const { rules } = compileRules(field);
    tests = { rules, valueFault: compileValueTest(field, rules) };
    fieldTests.set(field, tests);
  }
  return tests;
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
  const { rules, valueFault } = testsOf(field);
  const label = localize(field.label, lang, field.name);
  if (isEmptyInput(value)) return rules.required ? renderMessage('required', lang, label) : undefined;
  const fault = valueFault(value, options);
  return fault ? renderMessage(fault.message, lang, label, fault.params) : undefined;
}
