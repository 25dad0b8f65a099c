/**
 * Shaping a form's values into the inputs a calculation stores: defaults for a new form, and
 * pruning of what must not be sent (hidden fields, unknown keys, emptied inputs).
 */
import type { CalculationInputs, Template } from './types';
import { getCompiledTemplate, type CompiledField } from './compile';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pruneLevel(fields: CompiledField[], values: Record<string, unknown>): Record<string, unknown> {
  const pruned: Record<string, unknown> = {};
  for (const { field, isVisible } of fields) {
    const value = Object.prototype.hasOwnProperty.call(values, field.name) ? values[field.name] : undefined;
    if (value === undefined || value === null || value === '') continue;
    // Visibility is judged on the values as entered, exactly like the JSON Schema's if/then/else.
    if (!isVisible(values)) continue;
    pruned[field.name] = value;
  }
  return pruned;
}

/** Drops hidden fields, unknown keys and empty values (undefined, null, ''); keeps repeatable groups' items. */
export function pruneInputs(template: Template, values: CalculationInputs): CalculationInputs {
  const compiled = getCompiledTemplate(template);
  if (!isPlainObject(values)) return {};
  const pruned = pruneLevel(compiled.fields, values);
  for (const { group, fields } of compiled.repeatables) {
    const items = values[group.id];
    if (!Array.isArray(items)) continue;
    pruned[group.id] = items.filter(isPlainObject).map((item) => pruneLevel(fields, item));
  }
  return pruned;
}

/** Initial values of a new calculation: every default; repeatable groups with `min` default items. */
export function defaultInputs(template: Template): CalculationInputs {
  const compiled = getCompiledTemplate(template);
  const inputs: CalculationInputs = {};
  for (const { field } of compiled.fields) if (field.default !== undefined) inputs[field.name] = field.default;
  for (const { group } of compiled.repeatables)
    inputs[group.id] = Array.from({ length: group.min ?? 0 }, () => defaultItem(template, group.id));
  return inputs;
}

/** A new item of a repeatable group, with its fields' defaults. */
export function defaultItem(template: Template, groupId: string): Record<string, unknown> {
  const group = getCompiledTemplate(template).repeatables.find((candidate) => candidate.group.id === groupId);
  const item: Record<string, unknown> = {};
  for (const { field } of group?.fields ?? []) if (field.default !== undefined) item[field.name] = field.default;
  return item;
}
