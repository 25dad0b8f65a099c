/** What a formula can see: the template's fields, repeatable groups, results and named constants. */
import type { Field, Group, Template, TemplateConstant } from '../template/types';

export interface FormulaScope {
  /** Fields of non-repeatable groups, by name. */
  fields: ReadonlyMap<string, Field>;
  /** Repeatable groups, by id. */
  groups: ReadonlyMap<string, Group>;
  /** Result names a formula may reference (empty for visibleIf). */
  results: ReadonlySet<string>;
  /** The template's named constants, by name (read like a field, but the same for every row). */
  constants: ReadonlyMap<string, TemplateConstant>;
  /** Inside `sum(group, …)` or a repeatable group's visibleIf: that group's item fields. */
  item?: Group;
  /** Known factor keys, when the factor catalogue is known: string-literal keys are checked against it. */
  factorKeys?: ReadonlySet<string>;
}

export function buildFormulaScope(template: Template, factorKeys?: ReadonlySet<string>): FormulaScope {
  const fields = new Map<string, Field>();
  const groups = new Map<string, Group>();
  for (const group of template.groups ?? []) {
    if (group.repeatable) groups.set(group.id, group);
    else for (const field of group.fields ?? []) fields.set(field.name, field);
  }
  const results = new Set((template.results ?? []).map((result) => result.name));
  const constants = new Map((template.constants ?? []).map((constant) => [constant.name, constant] as const));
  return { fields, groups, results, constants, factorKeys };
}

/** Looks a name up the way evaluation does: item fields first, then top-level fields. */
export function findField(scope: FormulaScope, name: string): Field | undefined {
  return scope.item?.fields.find((field) => field.name === name) ?? scope.fields.get(name);
}
