/**
 * Carrying a calculation's inputs over to another version of its template: values of fields the
 * target version still has are kept (a renamed field's under its former name), fields it no longer has are dropped, and fields that are
 * new in the target version get their defaults (a new repeatable group its minimum of default
 * items). Whether the result is valid is then judged by the target version's own validation.
 */
import {
  getCompiledTemplate,
  pruneInputs,
  type CalculationInputs,
  type Field,
  type Template,
} from '../../core/template';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Field names per level: '' for the top level, a repeatable group's id for its items. */
function fieldNames(template: Template): Map<string, Set<string>> {
  const compiled = getCompiledTemplate(template);
  const levels = new Map<string, Set<string>>([['', new Set(compiled.fields.map(({ field }) => field.name))]]);
  for (const { group, fields } of compiled.repeatables)
    levels.set(group.id, new Set(fields.map(({ field }) => field.name)));
  return levels;
}

function carryLevel(
  fields: readonly Field[],
  values: Record<string, unknown>,
  known: Set<string> | undefined,
): Record<string, unknown> {
  const carried: Record<string, unknown> = {};
  const targetNames = new Set(fields.map((field) => field.name));
  // Own values only: a field named like an Object member (`constructor`) must not inherit one.
  const own = (name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined);
  for (const field of fields) {
    let value = own(field.name);
    if (isEmpty(value) && !known?.has(field.name)) {
      // A renamed field takes the value of its newest former name the source version had, unless another field of
      // the target has taken that name since.
      const former = [...(field.formerNames ?? [])]
        .reverse()
        .find((name) => !targetNames.has(name) && (known?.has(name) ?? true) && !isEmpty(own(name)));
      if (former !== undefined) value = own(former);
    }
    if (!isEmpty(value)) carried[field.name] = value;
    // `known` undefined: the source version is not loadable any more, so any field without a value counts as new.
    else if (field.default !== undefined && !known?.has(field.name)) carried[field.name] = field.default;
  }
  return carried;
}

/**
 * The inputs of a calculation made with `from` (undefined when that version is gone) as `to`
 * would take them. `columns` are the calculation's title and tags, which a `title`/`tags` field
 * new in `to` starts from (they stay the calculation's columns either way).
 */
export function carryInputs(
  from: Template | undefined,
  to: Template,
  inputs: CalculationInputs,
  columns: { title: string; tags: readonly string[] },
): CalculationInputs {
  const source = isObject(inputs) ? inputs : {};
  const known = from ? fieldNames(from) : undefined;
  const compiled = getCompiledTemplate(to);
  const carried = carryLevel(
    compiled.fields.map(({ field }) => field),
    source,
    known?.get(''),
  );
  for (const name of ['title', 'tags'] as const) {
    const hasField = compiled.fields.some(({ field }) => field.name === name);
    if (hasField && isEmpty(source[name]) && !known?.get('')?.has(name)) {
      carried[name] = name === 'title' ? columns.title : [...columns.tags];
    }
  }
  for (const { group, fields } of compiled.repeatables) {
    const items = source[group.id];
    const itemFields = fields.map(({ field }) => field);
    if (Array.isArray(items)) {
      carried[group.id] = items.filter(isObject).map((item) => carryLevel(itemFields, item, known?.get(group.id)));
    } else if (!known?.has(group.id)) {
      carried[group.id] = Array.from({ length: group.min ?? 0 }, () => carryLevel(itemFields, {}, undefined));
    }
  }
  return pruneInputs(to, carried);
}
