/**
 * Semantic compilation of a template that already satisfies the meta-schema: names, rules,
 * visibility conditions, formulas, result order, list and import references. Produces the
 * compiled form that validation, JSON Schema and calculation use, or precise errors with JSON
 * pointers. Compiled forms are cached per template object (templates are immutable once loaded).
 */
import { fieldTypeOf } from '../field-types';
import { checkFormula } from '../formula/check';
import { compileFormula, type CompiledFormula } from '../formula/evaluate';
import { orderResults } from '../formula/order';
import { parseFormula, type FormulaNode } from '../formula/parse';
import { buildFormulaScope, type FormulaScope } from '../formula/scope';
import { compileRules, type CompiledRules } from '../rules/catalog';
import { compileValueTest, type ValueTest } from '../rules/field-value';
import { compileCondition, conditionFields, conditionTest, type Condition, type ConditionTest } from './visibility';
import { CheckerFault, checkerText, type CheckerKey, type CheckerParams, type CheckerText } from './checker-messages';
import { isPrintStage, PRINT_STAGES } from './stages';
import type { FactorCatalog, Field, Group, Result, Template } from './types';

export interface CompiledField {
  field: Field;
  rules: CompiledRules;
  visibility?: Condition;
  /** Whether the field is shown, given its level's values: `visibility` compiled once per template version. */
  isVisible: ConditionTest;
  /** A present, non-null value's first fault (its type, then its rules), compiled once per template version. */
  valueFault: ValueTest;
  pointer: string;
}

export interface CompiledGroup {
  group: Group;
  fields: CompiledField[];
  pointer: string;
}

export interface CompiledResult {
  result: Result;
  ast: FormulaNode;
  /** Results this one references directly. */
  uses: string[];
  /** Factor keys the formula names literally (`factor('key')`), from its parsed form. */
  factorKeys: string[];
  /** Functions the formula calls. */
  calls: string[];
  /** The result's index in `template.results`: where its value sits while a row's formulas run. */
  slot: number;
  /** The formula as closures, compiled once per template version. */
  evaluate: CompiledFormula;
}

export interface CompiledTemplate {
  template: Template;
  scope: FormulaScope;
  /** Fields of non-repeatable groups, in form order. */
  fields: CompiledField[];
  /** Repeatable groups, in form order. */
  repeatables: CompiledGroup[];
  /** Results in evaluation order. */
  results: CompiledResult[];
  primary: Result;
  /** Option data the formulas read, `option('field').key`. */
  optionReads: { field: Field; key: string }[];
}

export interface CompileError extends CheckerText {
  pointer: string;
}

/** Reports one fault at a pointer: a message by key with its params, or one a check already worded. */
type Report = (pointer: string, key: CheckerKey | CheckerText, params?: CheckerParams) => void;

/** A thrown parser or condition fault as a checker message. */
function faultOf(problem: unknown): CheckerText {
  return problem instanceof CheckerFault ? problem.text : checkerText('checker.formula.syntax', { position: 0 });
}

/** JSON pointer escaping (RFC 6901). */
export function pointerSegment(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function compileTemplate(
  template: Template,
  catalog?: FactorCatalog,
): { compiled?: CompiledTemplate; errors: CompileError[] } {
  const errors: CompileError[] = [];
  const error: Report = (pointer, key, params) =>
    errors.push({ pointer, ...(typeof key === 'string' ? checkerText(key, params) : key) });
  const factorKeys = catalog ? new Set(Object.values(catalog.categories).flat()) : undefined;
  const scope = buildFormulaScope(template, factorKeys);

  // Names: top-level fields, repeatable groups and results share one namespace; item fields may
  // not shadow it, so a name in a formula always means one thing.
  const topNames = new Map<string, string>();
  const claim = (name: string, pointer: string, taken: CheckerKey) => {
    const previous = topNames.get(name);
    if (previous) error(pointer, taken, { name });
    else topNames.set(name, pointer);
  };
  const groupIds = new Set<string>();
  template.groups.forEach((group, groupIndex) => {
    const pointer = `/groups/${groupIndex}`;
    if (groupIds.has(group.id)) error(`${pointer}/id`, 'checker.group.twice', { id: group.id });
    groupIds.add(group.id);
    if (group.repeatable) claim(group.id, `${pointer}/id`, 'checker.names.groupTaken');
    else
      group.fields.forEach((field, fieldIndex) =>
        claim(field.name, `${pointer}/fields/${fieldIndex}/name`, 'checker.names.fieldTaken'),
      );
    if (group.min !== undefined && group.max !== undefined && group.min > group.max)
      error(`${pointer}/min`, 'checker.group.minAboveMax', { min: group.min, max: group.max });
    if (!group.repeatable && (group.min !== undefined || group.max !== undefined))
      error(`${pointer}/min`, 'checker.group.minMaxNotRepeatable');
  });
  template.results.forEach((result, index) =>
    claim(result.name, `/results/${index}/name`, 'checker.names.resultTaken'),
  );
  (template.constants ?? []).forEach((constant, index) =>
    claim(constant.name, `/constants/${index}/name`, 'checker.names.constantTaken'),
  );
  template.groups.forEach((group, groupIndex) => {
    if (!group.repeatable) return;
    const seen = new Set<string>();
    group.fields.forEach((field, fieldIndex) => {
      const pointer = `/groups/${groupIndex}/fields/${fieldIndex}/name`;
      if (seen.has(field.name)) error(pointer, 'checker.group.fieldTwice', { name: field.name, group: group.id });
      else if (topNames.has(field.name)) error(pointer, 'checker.group.fieldShadows', { name: field.name });
      seen.add(field.name);
    });
  });

  const fields: CompiledField[] = [];
  const repeatables: CompiledGroup[] = [];
  const topFields = template.groups.filter((group) => !group.repeatable).flatMap((group) => group.fields);
  const everyFieldName = new Set(template.groups.flatMap((group) => group.fields.map((field) => field.name)));
  template.groups.forEach((group, groupIndex) => {
    const siblings = group.repeatable ? group.fields : topFields;
    const compiledFields = group.fields.map((field, fieldIndex) =>
      compileField(field, `/groups/${groupIndex}/fields/${fieldIndex}`, siblings, everyFieldName, catalog, error),
    );
    if (group.repeatable) repeatables.push({ group, fields: compiledFields, pointer: `/groups/${groupIndex}` });
    else fields.push(...compiledFields);
  });

  // Results: parse and check each formula, then order them; a cycle is a template error.
  const optionReads: { field: Field; key: string }[] = [];
  const parsed: (CompiledResult | undefined)[] = template.results.map((result, index) => {
    const pointer = `/results/${index}/formula`;
    let ast: FormulaNode;
    try {
      ast = parseFormula(result.formula);
    } catch (problem) {
      error(pointer, faultOf(problem));
      return undefined;
    }
    const check = checkFormula(ast, scope);
    for (const message of check.errors) error(pointer, message);
    optionReads.push(...check.optionReads);
    if (check.resultRefs.has(result.name)) error(pointer, 'checker.results.selfReference', { name: result.name });
    if (check.errors.length) return undefined;
    return {
      result,
      ast,
      uses: [...check.resultRefs],
      factorKeys: [...check.factorKeys],
      calls: [...check.calls],
      slot: index,
      evaluate: unusable,
    };
  });
  const primaries = template.results.map((result, index) => ({ result, index })).filter(({ result }) => result.primary);
  if (primaries.length !== 1) {
    error(primaries.length ? `/results/${primaries[1].index}/primary` : '/results', 'checker.results.primary', {
      smart_count: primaries.length,
    });
  }
  let ordered: CompiledResult[] = [];
  if (parsed.every(Boolean)) {
    const compiledResults = parsed as CompiledResult[];
    const order = orderResults(compiledResults.map(({ result, uses }) => ({ name: result.name, uses })));
    if (order.ok) {
      ordered = order.order.map((name) => compiledResults.find(({ result }) => result.name === name) as CompiledResult);
      const slots = new Map(template.results.map((result, index) => [result.name, index]));
      for (const compiledResult of ordered) compiledResult.evaluate = compileFormula(compiledResult.ast, scope, slots);
    } else if (order.cycle.length > 2) {
      const first = template.results.findIndex((result) => result.name === order.cycle[0]);
      error(`/results/${first}/formula`, 'checker.results.cycle', { cycle: order.cycle.join(' → ') });
    }
  }

  checkReferences(template, topFields, error);
  checkMethod(template, error);

  if (errors.length) return { errors };
  return {
    compiled: { template, scope, fields, repeatables, results: ordered, primary: primaries[0].result, optionReads },
    errors,
  };
}

// A placeholder until the results are ordered: a template with a cycle is never computed.
function unusable(): never {
  throw new Error('the formula is not compiled');
}

function compileField(
  field: Field,
  pointer: string,
  siblings: readonly Field[],
  everyFieldName: ReadonlySet<string>,
  catalog: FactorCatalog | undefined,
  error: Report,
): CompiledField {
  const { rules, errors } = compileRules(field);
  const valueFault = compileValueTest(field, rules);
  for (const { index, ...problem } of errors) error(`${pointer}/rules/${index}`, problem);

  let visibility: Condition | undefined;
  if (field.visibleIf !== undefined) {
    try {
      visibility = compileCondition(field.visibleIf, siblings);
      if (conditionFields(visibility).includes(field.name))
        error(`${pointer}/visibleIf`, 'checker.field.dependsOnItself', { name: field.name });
    } catch (problem) {
      const text = faultOf(problem);
      // A field of another level is a different fault from one that no longer exists (renamed or removed).
      const elsewhere = text.key === 'checker.condition.unknownField' && everyFieldName.has(String(text.params.name));
      error(`${pointer}/visibleIf`, elsewhere ? checkerText('checker.condition.otherLevel', text.params) : text);
    }
  }

  const options = field.options ?? [];
  const { choices } = fieldTypeOf(field.type);
  const hasOptions = choices === 'options';
  if (hasOptions && options.length === 0)
    error(`${pointer}/options`, 'checker.field.optionsMissing', { type: field.type });
  if (!hasOptions && field.options !== undefined) error(`${pointer}/options`, 'checker.field.optionsNotAllowed');
  const values = new Set<string>();
  options.forEach((option, index) => {
    if (values.has(option.value))
      error(`${pointer}/options/${index}/value`, 'checker.field.optionTwice', { value: option.value });
    values.add(option.value);
  });
  const knownCategory =
    catalog !== undefined &&
    field.category !== undefined &&
    Object.prototype.hasOwnProperty.call(catalog.categories, field.category);
  if (choices === 'factors' && catalog && field.category !== undefined && !knownCategory) {
    error(`${pointer}/category`, 'checker.field.unknownCategory', { category: field.category });
  }
  if (choices !== 'factors' && field.category !== undefined)
    error(`${pointer}/category`, 'checker.field.categoryNotAllowed');
  if (choices !== 'machines' && field.machineKind !== undefined)
    error(`${pointer}/machineKind`, 'checker.field.machineKindNotAllowed');

  if (field.default !== undefined && !errors.length) {
    const factorKeys = knownCategory
      ? { [field.category as string]: catalog.categories[field.category as string] }
      : undefined;
    const fault = valueFault(field.default, { factorKeys });
    if (fault) {
      const value = JSON.stringify(field.default);
      if (fault.rule) error(`${pointer}/default`, 'checker.default.breaksRule', { value, rule: fault.rule });
      else if (choices === 'factors')
        error(`${pointer}/default`, 'checker.default.notAFactor', { value, category: field.category ?? '' });
      else error(`${pointer}/default`, 'checker.default.wrongType', { value, type: field.type });
    }
  }
  return {
    field,
    rules,
    visibility,
    isVisible: visibility ? conditionTest(visibility) : alwaysVisible,
    valueFault,
    pointer,
  };
}

const alwaysVisible: ConditionTest = () => true;

function checkReferences(template: Template, topFields: Field[], error: Report): void {
  const fieldNames = new Set(topFields.map((field) => field.name));
  const resultNames = new Set(template.results.map((result) => result.name));
  template.list.columns.forEach((name, index) => {
    if (!fieldNames.has(name) && !resultNames.has(name))
      error(`/list/columns/${index}`, 'checker.references.unknownColumn', { name });
  });
  (template.list.filters ?? []).forEach((name, index) => {
    if (!fieldNames.has(name)) error(`/list/filters/${index}`, 'checker.references.unknownField', { name });
  });
  // A field of a repeatable group is named `<group>.<field>`: the CSV importer's numbered sets use it for every item.
  const groupFieldNames = new Set(
    template.groups
      .filter((group) => group.repeatable)
      .flatMap((group) => group.fields.map((field) => `${group.id}.${field.name}`)),
  );
  for (const [alias, name] of Object.entries(template.import?.aliases ?? {})) {
    if (!fieldNames.has(name) && !groupFieldNames.has(name))
      error(`/import/aliases/${pointerSegment(alias)}`, 'checker.references.unknownField', { name });
  }
}

/** A method names known stages once each, and each result it names exists and belongs to one stage only. */
function checkMethod(template: Template, error: Report): void {
  if (!template.method) return;
  const resultNames = new Set(template.results.map((result) => result.name));
  const stages = new Set<string>();
  const owner = new Map<string, string>();
  template.method.stages.forEach((entry, index) => {
    const pointer = `/method/stages/${index}`;
    if (!isPrintStage(entry.stage))
      error(`${pointer}/stage`, 'checker.method.unknownStage', { stage: entry.stage, stages: PRINT_STAGES.join(', ') });
    else if (stages.has(entry.stage)) error(`${pointer}/stage`, 'checker.method.stageTwice', { stage: entry.stage });
    stages.add(entry.stage);
    if (!entry.included) return;
    entry.results.forEach((name, r) => {
      if (!resultNames.has(name)) error(`${pointer}/results/${r}`, 'checker.method.unknownResult', { name });
      else if (owner.has(name))
        error(`${pointer}/results/${r}`, 'checker.method.resultTwice', { name, stage: owner.get(name) ?? '' });
      else owner.set(name, entry.stage);
    });
  });
}

/**
 * "No unsourced number": a number of option data that a formula reads is a figure a result rests on, as a factor is
 * (kWh per m², a film's weight per m², an area), so each option must name where it comes from in `dataSources`.
 * Text and yes/no data, and numbers no formula reads, are not factor-like and need no source. A check of the
 * template checker (files, the editor's save), not of compilation: versions saved before it keep computing.
 */
export function unsourcedOptionData(compiled: CompiledTemplate): CompileError[] {
  const pointers = new Map<Field, string>();
  compiled.template.groups.forEach((group, g) =>
    group.fields.forEach((field, f) => pointers.set(field, `/groups/${g}/fields/${f}`)),
  );
  const errors: CompileError[] = [];
  const seen = new Set<string>();
  for (const { field, key } of compiled.optionReads) {
    const pointer = pointers.get(field);
    if (pointer === undefined || seen.has(`${pointer}|${key}`)) continue;
    seen.add(`${pointer}|${key}`);
    (field.options ?? []).forEach((option, index) => {
      if (typeof option.data?.[key] !== 'number' || option.dataSources?.[key]?.trim()) return;
      errors.push({
        pointer: `${pointer}/options/${index}/data/${pointerSegment(key)}`,
        ...checkerText('checker.optionDataUnsourced', { option: option.value, field: field.name, key }),
      });
    });
  }
  return errors;
}

const cache = new WeakMap<Template, CompiledTemplate>();

/** The compiled form of a (loaded, valid) template; throws if the template has errors. */
export function getCompiledTemplate(template: Template): CompiledTemplate {
  let compiled = cache.get(template);
  if (!compiled) {
    const outcome = compileTemplate(template);
    if (!outcome.compiled) {
      const first = outcome.errors[0];
      throw new Error(`template '${template.id}' is invalid: ${first.pointer}: ${first.message}`);
    }
    compiled = outcome.compiled;
    cache.set(template, compiled);
  }
  return compiled;
}
