/**
 * What the form editor's parts show of a template, and how each writes back: option data as typed entries, a
 * `visibleIf` as picked clauses, import aliases as rows, rules as a name with arguments. Each part reads its slice of the
 * JSON through one of these pairs and writes only when the admin changes it, so the JSON tab sees the same document;
 * `toFormModel`/`fromFormModel` run every pair over a whole template, which the round-trip test does for each shipped
 * file (nothing a template may hold is lost on the way through the form).
 */
import { knownFieldType } from '../../core/field-types';
import { parseRule } from '../../core/rules/parse';
import { compileCondition, type Field, type FieldOption, type Group, type OptionData } from '../../core/template';
import type { Condition } from '../../core/template/visibility';
import type { EditableTemplate } from './definitionEdits';

// ---- option data -------------------------------------------------------------------------------------------------

export type DataKind = 'number' | 'text' | 'boolean';

export interface DataEntry {
  key: string;
  kind: DataKind;
  value: number | string | boolean;
}

const kindOf = (value: unknown): DataKind =>
  typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text';

export function dataEntries(data: OptionData | undefined): DataEntry[] {
  return Object.entries(data ?? {}).map(([key, value]) => ({ key, kind: kindOf(value), value }));
}

/** Entries → the option's `data` (undefined when there are none, so the key disappears from the JSON). */
export function dataFromEntries(entries: readonly DataEntry[]): OptionData | undefined {
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map((entry) => [entry.key, entry.value]));
}

/** A value converted to another kind, keeping what can be kept (`'12'` → 12). */
export function convertData(value: DataEntry['value'], kind: DataKind): DataEntry['value'] {
  if (kind === 'boolean') return value === true || value === 'true';
  if (kind === 'number') {
    const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
    return Number.isFinite(number) ? number : 0;
  }
  return String(value);
}

// ---- show/hide conditions ----------------------------------------------------------------------------------------

export type ClauseOperator = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'yes' | 'no';

/** One picked comparison: `field op value`; `yes`/`no` test a yes/no field and take no value. */
export interface ConditionClause {
  field: string;
  op: ClauseOperator;
  value?: number | string | boolean;
}

/** A condition the form can show: clauses all joined by `&&` or all by `||`; anything else stays an expression. */
export type ConditionModel = { join: '&&' | '||'; clauses: ConditionClause[] } | { expression: string };

function clauseOf(condition: Condition): ConditionClause | undefined {
  if (condition.kind === 'flag') return { field: condition.field, op: 'yes' };
  if (condition.kind === 'compare') return { field: condition.field, op: condition.op, value: condition.value };
  if (condition.kind === 'not') {
    const inner = condition.item;
    if (inner.kind === 'flag') return { field: inner.field, op: 'no' };
    if (inner.kind === 'compare' && inner.op === '==') return { field: inner.field, op: '!=', value: inner.value };
  }
  return undefined;
}

function flatten(condition: Condition, kind: 'and' | 'or'): Condition[] {
  return condition.kind === kind ? condition.items.flatMap((item) => flatten(item, kind)) : [condition];
}

const literal = (value: ConditionClause['value']): string =>
  typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value ?? "''");

export function clauseText(clause: ConditionClause): string {
  if (clause.op === 'yes') return clause.field;
  if (clause.op === 'no') return `!${clause.field}`;
  return `${clause.field} ${clause.op} ${literal(clause.value)}`;
}

export function conditionText(model: ConditionModel): string {
  if ('expression' in model) return model.expression;
  return model.clauses.map(clauseText).join(` ${model.join} `);
}

/**
 * The clauses of a `visibleIf`, when the form can show them and writing them back gives the very same text;
 * otherwise the expression itself (shown as text, still editable), so nothing is rewritten behind the admin's back.
 */
export function conditionModel(text: string | undefined): ConditionModel {
  if (text === undefined || text.trim() === '') return { join: '&&', clauses: [] };
  let condition: Condition;
  try {
    condition = compileCondition(text);
  } catch {
    return { expression: text };
  }
  for (const kind of ['and', 'or'] as const) {
    const items = flatten(condition, kind);
    const clauses = items.map(clauseOf);
    if (clauses.every((clause) => clause !== undefined)) {
      const model: ConditionModel = { join: kind === 'and' ? '&&' : '||', clauses: clauses as ConditionClause[] };
      if (conditionText(model) === text) return model;
    }
  }
  return { expression: text };
}

/**
 * The fields a condition on a field of this group may read: those of its own level (the group's own fields for a
 * repeatable group, every field outside repeatable groups otherwise), except lists, which cannot be compared.
 */
export function conditionCandidates(
  template: EditableTemplate,
  group: Partial<Group>,
  self: string | undefined,
): Field[] {
  const level = group.repeatable ? [group] : (template.groups ?? []).filter((g) => !g.repeatable);
  return level
    .flatMap((g) => g.fields ?? [])
    .filter((field) => field.name && field.name !== self && knownFieldType(field.type)?.kind !== 'array');
}

// ---- import aliases ----------------------------------------------------------------------------------------------

export interface AliasEntry {
  header: string;
  field: string;
}

export function aliasEntries(aliases: Record<string, string> | undefined): AliasEntry[] {
  return Object.entries(aliases ?? {}).map(([header, field]) => ({ header, field }));
}

export function aliasesFromEntries(entries: readonly AliasEntry[]): Record<string, string> {
  return Object.fromEntries(entries.map((entry) => [entry.header, entry.field]));
}

// ---- rules -------------------------------------------------------------------------------------------------------

export interface RuleEntry {
  name: string;
  args: string[];
}

export const ruleEntry = (text: string): RuleEntry => {
  const { name, args } = parseRule(text);
  return { name, args };
};

export const ruleString = (entry: RuleEntry): string =>
  entry.args.length === 0 ? entry.name : `${entry.name}:${entry.args.join(',')}`;

// ---- the whole template ------------------------------------------------------------------------------------------

type OptionModel = Omit<FieldOption, 'data'> & { data?: DataEntry[] };
type FieldModel = Omit<Partial<Field>, 'options' | 'rules' | 'visibleIf'> & {
  options?: OptionModel[];
  rules?: RuleEntry[];
  visibleIf?: ConditionModel;
};
type GroupModel = Omit<Partial<Group>, 'fields'> & { fields?: FieldModel[] };
export type FormModel = Omit<EditableTemplate, 'groups' | 'import'> & {
  groups?: GroupModel[];
  import?: { aliases: AliasEntry[] };
};

/** Sets `key` only when `value` is given, so absent keys stay absent and the key order stays the file's. */
function mapKeys<T extends object>(
  source: T,
  convert: Partial<Record<keyof T, (value: never) => unknown>>,
): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    const convertOne = convert[key as keyof T] as ((value: unknown) => unknown) | undefined;
    target[key] = convertOne && value !== undefined ? convertOne(value) : value;
  }
  return target;
}

export function toFormModel(template: EditableTemplate): FormModel {
  return mapKeys(template, {
    groups: (groups: Partial<Group>[]) =>
      groups.map((group) =>
        mapKeys(group, {
          fields: (fields: Partial<Field>[]) =>
            fields.map((field) =>
              mapKeys(field, {
                rules: (rules: string[]) => rules.map(ruleEntry),
                visibleIf: (text: string) => conditionModel(text),
                options: (options: FieldOption[]) =>
                  options.map((option) => mapKeys(option, { data: (data: OptionData) => dataEntries(data) })),
              }),
            ),
        }),
      ),
    import: (settings: { aliases?: Record<string, string> }) =>
      mapKeys(settings, { aliases: (aliases: Record<string, string>) => aliasEntries(aliases) }),
  }) as FormModel;
}

export function fromFormModel(model: FormModel): EditableTemplate {
  return mapKeys(model, {
    groups: (groups: GroupModel[]) =>
      groups.map((group) =>
        mapKeys(group, {
          fields: (fields: FieldModel[]) =>
            fields.map((field) =>
              mapKeys(field, {
                rules: (rules: RuleEntry[]) => rules.map(ruleString),
                visibleIf: (condition: ConditionModel) => conditionText(condition),
                options: (options: OptionModel[]) =>
                  options.map((option) =>
                    mapKeys(option, { data: (data: DataEntry[]) => dataFromEntries(data) ?? {} }),
                  ),
              }),
            ),
        }),
      ),
    import: (settings: { aliases: AliasEntry[] }) =>
      mapKeys(settings, { aliases: (aliases: AliasEntry[]) => aliasesFromEntries(aliases) }),
  }) as EditableTemplate;
}
