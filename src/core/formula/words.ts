/**
 * A result's formula as a person reads it: names become the labels of fields, results and factors, operators the
 * signs of arithmetic (× ÷ −), and the functions words of the reader's language. Also which inputs a formula reads,
 * so the provenance panel can show them beside it. The formula's own text stays the authority: this only retells it.
 */
import type jsep from 'jsep';
import { fieldTypeOf, type InputWord } from '../field-types';
import { readable } from '../field-types/shared';
import { memberKey, parseFormula, type FormulaNode } from './parse';
import type { Language } from '../languages';
import { formatNumber } from '../number-format';
import { localize } from '../rules';
import { optionLabel, type Field, type Template, type UnitCatalog } from '../template';
import type { FactorUse } from './compute';
import type { ProductionUse } from '../production';

/** What the retelling needs to know: labels by name, and the words of the functions (translated). */
export interface FormulaVocabulary {
  /** The label of a field, repeatable group or result (the name itself when none). */
  label(name: string): string;
  /** The label of a factor key (a factor field's chosen factor, or a key in quotes). */
  factorLabel(key: string): string;
  /** The name of a machine figure (`power_kw` → "Leistung (kW)"). */
  figureLabel(figure: string): string;
  /** The name of a select option's data (`area_m2` → "Fläche (m²)"). */
  dataLabel(key: string): string;
  /** A text constant as the reader knows it: the label of the option it stands for. */
  literal(value: string): string;
  /** A number constant in the reader's format. */
  number(value: number): string;
  /** A function in words, e.g. `sum` with `{ group, expr }` (`calculations.provenance.words.<name>`). */
  word(name: FormulaWord, params: Record<string, string>): string;
  /** The factor key a select field's option names (`factor(paper_kind)` reads the chosen option's factor). */
  optionFactor?(field: string, value: string): string | undefined;
}

/** Every function of the formula language has words (issue #35: no `ceil(round(…))` in front of a reader). */
export type FormulaWord =
  | 'sum'
  | 'count'
  | 'if'
  | 'factor'
  | 'option'
  | 'machine'
  | 'energy'
  | 'overhead'
  | 'chosen'
  | 'has'
  | 'min'
  | 'max'
  | 'round'
  | 'round_digits'
  | 'ceil'
  | 'floor'
  | 'abs'
  /** A named constant of the template: its label, value with unit, and source. */
  | 'constant';

const SIGNS: Record<string, string> = {
  '*': '×',
  '/': '÷',
  '-': '−',
  '==': '=',
  '===': '=',
  '!=': '≠',
  '!==': '≠',
  '<=': '≤',
  '>=': '≥',
  '&&': '∧',
  '||': '∨',
};
const PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 6,
  '!=': 6,
  '===': 6,
  '!==': 6,
  '<': 7,
  '<=': 7,
  '>': 7,
  '>=': 7,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
  '%': 10,
  '**': 11,
};

/** The functions whose words retell each argument in turn: the placeholder of the word each argument fills, in order. */
const ARGUMENT_PLACEHOLDERS = {
  if: ['test', 'then', 'else'],
  overhead: ['hours', 'sheets', 'kg'],
  ceil: ['expr'],
  floor: ['expr'],
  abs: ['expr'],
} as const satisfies Partial<Record<FormulaWord, readonly string[]>>;

function precedenceOf(node: FormulaNode): number {
  return node.type === 'BinaryExpression' ? (PRECEDENCE[(node as jsep.BinaryExpression).operator] ?? 0) : 100;
}

function argumentName(node: FormulaNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'Identifier') return (node as jsep.Identifier).name;
  if (node.type === 'Literal' && typeof (node as jsep.Literal).value === 'string')
    return (node as jsep.Literal).value as string;
  return undefined;
}

/** Retells a formula; a formula that does not parse is returned as written. */
export function formulaInWords(
  formula: string,
  vocabulary: FormulaVocabulary,
  factorKeyOf: (fieldName: string) => string | undefined,
): string {
  let ast: FormulaNode;
  try {
    ast = parseFormula(formula);
  } catch {
    return formula;
  }
  const say = (node: FormulaNode): string => {
    switch (node.type) {
      case 'Literal': {
        const value = (node as jsep.Literal).value;
        if (typeof value === 'string') return vocabulary.literal(value);
        return typeof value === 'number' ? vocabulary.number(value) : String(value);
      }
      case 'Identifier':
        return vocabulary.label((node as jsep.Identifier).name);
      case 'UnaryExpression': {
        const unary = node as jsep.UnaryExpression;
        return `${SIGNS[unary.operator] ?? unary.operator}${wrap(unary.argument, 100)}`;
      }
      case 'BinaryExpression': {
        const binary = node as jsep.BinaryExpression;
        const own = PRECEDENCE[binary.operator] ?? 0;
        // The right side of − and ÷ keeps its brackets even at equal precedence: a − (b − c) is not a − b − c.
        return `${wrap(binary.left, own)} ${SIGNS[binary.operator] ?? binary.operator} ${wrap(binary.right, own + 1)}`;
      }
      case 'ConditionalExpression': {
        const conditional = node as jsep.ConditionalExpression;
        return vocabulary.word('if', {
          test: say(conditional.test),
          then: say(conditional.consequent),
          else: say(conditional.alternate),
        });
      }
      case 'MemberExpression': {
        const member = node as jsep.MemberExpression;
        const call = member.object as jsep.CallExpression;
        return vocabulary.word('option', {
          field: vocabulary.label(argumentName(call.arguments?.[0]) ?? ''),
          key: vocabulary.dataLabel(memberKey(member) ?? ''),
        });
      }
      case 'CallExpression':
        return sayCall(node as jsep.CallExpression);
      default:
        return '…';
    }
  };
  const wrap = (node: FormulaNode, parent: number): string =>
    precedenceOf(node) < parent ? `(${say(node)})` : say(node);
  // A call's argument in words; one the formula leaves out (a call being typed) is told as nothing.
  const sayArgument = (node: FormulaNode | undefined): string => (node ? say(node) : '');
  const sayCall = (call: jsep.CallExpression): string => {
    const name = (call.callee as jsep.Identifier).name;
    const [first, second] = call.arguments;
    const named = argumentName(first) ?? '';
    switch (name) {
      case 'factor': {
        // A factor field names the factor chosen for this calculation; inside sum() it varies by item, so its label.
        const picked = first?.type === 'Literal' ? named : factorKeyOf(named);
        const chosen = picked === undefined ? undefined : (vocabulary.optionFactor?.(named, picked) ?? picked);
        return vocabulary.word('factor', {
          name: chosen === undefined ? vocabulary.label(named) : vocabulary.factorLabel(chosen),
        });
      }
      case 'sum':
        return vocabulary.word('sum', { group: vocabulary.label(named), expr: sayArgument(second) });
      case 'count':
        return vocabulary.word('count', { group: vocabulary.label(named) });
      case 'machine':
        return vocabulary.word('machine', {
          field: vocabulary.label(named),
          figure: vocabulary.figureLabel(argumentName(second) ?? ''),
        });
      case 'energy':
        return vocabulary.word('energy', {});
      case 'option':
        return vocabulary.label(named);
      case 'chosen':
        return vocabulary.word('chosen', { field: vocabulary.label(named) });
      case 'has':
        return vocabulary.word('has', { field: vocabulary.label(named), value: sayArgument(second) });
      case 'if':
      case 'overhead':
      case 'ceil':
      case 'floor':
      case 'abs':
        return vocabulary.word(
          name,
          Object.fromEntries(
            ARGUMENT_PLACEHOLDERS[name].map((key, index) => [key, sayArgument(call.arguments[index])]),
          ),
        );
      case 'min':
      case 'max':
        return vocabulary.word(name, { list: call.arguments.map(say).join('; ') });
      case 'round':
        return second
          ? vocabulary.word('round_digits', { expr: sayArgument(first), digits: say(second) })
          : vocabulary.word('round', { expr: sayArgument(first) });
      default:
        return `${name}(${call.arguments.map(say).join('; ')})`;
    }
  };
  return say(ast);
}

/** An input a formula reads: a field (top level or of a repeatable group) or option data of a select field. */
export interface FormulaInput {
  field: Field;
  /** The repeatable group whose items the field belongs to (read inside `sum`). */
  group?: string;
  /** Option data read as `option(field).key`. */
  dataKey?: string;
}

/** The inputs a formula reads, in order of first mention, each once. */
export function formulaInputs(formula: string, template: Template): FormulaInput[] {
  let ast: FormulaNode;
  try {
    ast = parseFormula(formula);
  } catch {
    return [];
  }
  const topFields = new Map(
    template.groups
      .filter((group) => !group.repeatable)
      .flatMap((group) => group.fields.map((field) => [field.name, field] as const)),
  );
  const groups = new Map(template.groups.filter((group) => group.repeatable).map((group) => [group.id, group]));
  const found = new Map<string, FormulaInput>();
  const note = (input: FormulaInput) => {
    const id = `${input.group ?? ''}.${input.field.name}.${input.dataKey ?? ''}`;
    if (!found.has(id)) found.set(id, input);
  };
  const fieldNamed = (name: string | undefined, group: string | undefined) =>
    name === undefined
      ? undefined
      : ((group ? groups.get(group)?.fields.find((field) => field.name === name) : undefined) ?? topFields.get(name));
  const visit = (node: FormulaNode | undefined, group: string | undefined): void => {
    if (!node) return;
    switch (node.type) {
      case 'Identifier': {
        const name = (node as jsep.Identifier).name;
        const field = fieldNamed(name, group);
        if (field) note({ field, ...(group && !topFields.has(name) ? { group } : {}) });
        return;
      }
      case 'UnaryExpression':
        return visit((node as jsep.UnaryExpression).argument, group);
      case 'BinaryExpression':
        visit((node as jsep.BinaryExpression).left, group);
        return visit((node as jsep.BinaryExpression).right, group);
      case 'ConditionalExpression': {
        const conditional = node as jsep.ConditionalExpression;
        [conditional.test, conditional.consequent, conditional.alternate].forEach((part) => visit(part, group));
        return;
      }
      case 'MemberExpression': {
        const member = node as jsep.MemberExpression;
        const call = member.object as jsep.CallExpression;
        const name = argumentName(call.arguments?.[0]);
        const field = fieldNamed(name, group);
        const dataKey = memberKey(member);
        if (field && dataKey) note({ field, ...(group && !topFields.has(field.name) ? { group } : {}), dataKey });
        return;
      }
      case 'CallExpression': {
        const call = node as jsep.CallExpression;
        const name = (call.callee as jsep.Identifier).name;
        const [first, ...rest] = call.arguments;
        if (name === 'sum' || name === 'count') {
          const id = argumentName(first);
          if (id !== undefined && groups.has(id)) {
            rest.forEach((part) => visit(part, id));
            return;
          }
        }
        call.arguments.forEach((part) => visit(part, group));
        return;
      }
      default:
    }
  };
  visit(ast, undefined);
  return [...found.values()];
}

/**
 * The vocabulary of a calculation's formulas in `lang`: labels from its template and the factors it used, function
 * words from `word` (`calculations.provenance.words.<name>` in the reader's language).
 */
export function formulaVocabulary(
  template: Template,
  factors: readonly FactorUse[],
  lang: Language,
  word: FormulaVocabulary['word'],
  names: Pick<FormulaVocabulary, 'figureLabel' | 'dataLabel'>,
): FormulaVocabulary {
  const labels = new Map<string, string>();
  for (const group of template.groups) {
    if (group.repeatable) labels.set(group.id, localize(group.label, lang, group.id));
    for (const field of group.fields)
      if (!labels.has(field.name)) labels.set(field.name, localize(field.label, lang, field.name));
  }
  for (const result of template.results) labels.set(result.name, localize(result.label, lang, result.name));
  // A constant is told by what it is, how much and where the number comes from: "Klammermasse 1,5 g (Quelle: …)".
  for (const constant of template.constants ?? [])
    labels.set(
      constant.name,
      word('constant', {
        name: localize(constant.label, lang, constant.name),
        value: `${formatNumber(constant.value, lang, { maximumFractionDigits: 6 })}${constant.unit ? ` ${constant.unit}` : ''}`,
        source: constant.source,
      }),
    );
  const optionFactors = new Map<string, Map<string, string>>();
  for (const group of template.groups)
    for (const field of group.fields)
      if (field.type === 'select' && field.options?.some((option) => option.factor))
        optionFactors.set(
          field.name,
          new Map(field.options.flatMap((option) => (option.factor ? [[option.value, option.factor] as const] : []))),
        );
  // A text constant in a formula is compared with a select field's value: the option's label says what it means.
  const options = new Map<string, string>();
  for (const group of template.groups)
    for (const field of group.fields)
      for (const option of field.options ?? [])
        if (!options.has(String(option.value)))
          options.set(String(option.value), optionLabel(field, option.value, lang));
  const byKey = new Map(factors.map((factor) => [factor.key, factor]));
  return {
    label: (name) => labels.get(name) ?? readable(name),
    // A factor the calculation did not use (a branch not taken) has no label at hand: its key, made readable.
    factorLabel: (key) => localize(byKey.get(key)?.label, lang, readable(key)),
    ...names,
    literal: (value) => options.get(value) ?? readable(value),
    number: (value) => formatNumber(value, lang, { maximumFractionDigits: 6 }),
    word,
    optionFactor: (field, value) => optionFactors.get(field)?.get(value),
  };
}

export type { InputWord } from '../field-types';

/** An input's value as the form showed it: option labels, the chosen factor's label, numbers in the reader's format. */
export function inputInWords(
  field: Field,
  value: unknown,
  factors: readonly FactorUse[],
  lang: Language,
  units: UnitCatalog,
  say: (word: InputWord) => string,
  production: readonly ProductionUse[] = [],
): string {
  if (value === undefined || value === null || value === '') return say('not_given');
  return fieldTypeOf(field.type).words(field, value, { lang, units, factors, production, say });
}
