/**
 * The reference of the compiled formulas: the tree-walking interpreter (and the computation around it) that
 * src/core/formula evaluated with before formulas were compiled into closures, kept for the property test only.
 * It shares the language's primitives with the compiler (type checks, arithmetic, rounding, factor and machine
 * reads), so what it checks is the part the compiler changed: name resolution, evaluation order, short-circuits,
 * constant folding, the iteration of sum() and what the breakdown cites.
 */
import type jsep from 'jsep';
import type { ComputedResults } from '../../../src/core/formula/compute';
import { optionFieldName } from '../../../src/core/formula/check';
import {
  arithmetic,
  asBoolean,
  asNumber,
  CalculationError,
  compare,
  equals,
  fieldValue,
  finite,
  groupEntries,
  optionDataValue,
  readEnergy,
  readOverhead,
  readFactor,
  readMachine,
  roundDigits,
  roundTo,
  type FormulaRun,
  type FormulaValue,
} from '../../../src/core/formula/evaluate';
import { isFunctionName } from '../../../src/core/formula/functions';
import { FORBIDDEN_NAMES, memberKey, type FormulaNode } from '../../../src/core/formula/parse';
import { findField, type FormulaScope } from '../../../src/core/formula/scope';
import type { ProductionData, ProductionUse } from '../../../src/core/production';
import { getCompiledTemplate } from '../../../src/core/template/compile';
import { pruneInputs } from '../../../src/core/template/inputs';
import type {
  CalculationInputs,
  FactorInfo,
  FactorLookup,
  Group,
  OptionData,
  Template,
} from '../../../src/core/template/types';

export interface EvaluationContext {
  scope: FormulaScope;
  /** Top-level inputs. */
  inputs: Record<string, unknown>;
  /** Results computed so far. */
  results: Record<string, number>;
  factorLookup: FactorLookup;
  /** Called for every factor the formula reads, so the breakdown can cite it. */
  onFactor?: (factor: FactorInfo) => void;
  /** The mandant's machines and energy contract (its machine set), for `machine()` and `energy()`. */
  production?: ProductionData;
  /** Called for every machine or energy figure the formula reads, so the breakdown can cite it. */
  onProduction?: (use: ProductionUse) => void;
  /** The current item of a repeatable group (inside sum()). */
  item?: Record<string, unknown>;
}

export function evaluateFormula(ast: FormulaNode, context: EvaluationContext): FormulaValue {
  return evaluate(ast, context);
}

function evaluate(node: FormulaNode, context: EvaluationContext): FormulaValue {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
      throw new CalculationError('type', 'unsupported literal');
    }
    case 'Identifier':
      return resolveIdentifier((node as jsep.Identifier).name, context);
    case 'UnaryExpression':
      return evaluateUnary(node as jsep.UnaryExpression, context);
    case 'BinaryExpression':
      return evaluateBinary(node as jsep.BinaryExpression, context);
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      return asBoolean(evaluate(conditional.test, context), '?:')
        ? evaluate(conditional.consequent, context)
        : evaluate(conditional.alternate, context);
    }
    case 'MemberExpression':
      return evaluateMember(node as jsep.MemberExpression, context);
    case 'CallExpression':
      return evaluateCall(node as jsep.CallExpression, context);
    default:
      throw new CalculationError('forbidden', `'${node.type}' is not allowed`);
  }
}

function resolveIdentifier(name: string, context: EvaluationContext): FormulaValue {
  if (FORBIDDEN_NAMES.has(name)) throw new CalculationError('forbidden', `'${name}' is not allowed`);
  const itemField = context.item ? context.scope.item?.fields.find((field) => field.name === name) : undefined;
  if (itemField) return fieldValue(itemField, context.item as Record<string, unknown>);
  const field = context.scope.fields.get(name);
  if (field) return fieldValue(field, context.inputs);
  if (context.scope.results.has(name) && Object.prototype.hasOwnProperty.call(context.results, name)) {
    return context.results[name];
  }
  const constant = context.scope.constants.get(name);
  if (constant) return constant.value;
  throw new CalculationError('type', `unknown identifier '${name}'`);
}

function evaluateUnary(node: jsep.UnaryExpression, context: EvaluationContext): FormulaValue {
  const value = evaluate(node.argument, context);
  switch (node.operator) {
    case '!':
      return !asBoolean(value, '!');
    case '-':
      return finite(-asNumber(value, '-'));
    case '+':
      return asNumber(value, '+');
    default:
      throw new CalculationError('forbidden', `operator '${node.operator}' is not allowed`);
  }
}

function evaluateBinary(node: jsep.BinaryExpression, context: EvaluationContext): FormulaValue {
  const { operator } = node;
  // Short-circuit so that `has_cover && cover_pages > 0` never reads a hidden field.
  if (operator === '&&')
    return asBoolean(evaluate(node.left, context), '&&') && asBoolean(evaluate(node.right, context), '&&');
  if (operator === '||')
    return asBoolean(evaluate(node.left, context), '||') || asBoolean(evaluate(node.right, context), '||');
  const left = evaluate(node.left, context);
  const right = evaluate(node.right, context);
  switch (operator) {
    case '==':
    case '===':
      return equals(left, right);
    case '!=':
    case '!==':
      return !equals(left, right);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(operator, left, right);
  }
  return arithmetic(operator, asNumber(left, operator), asNumber(right, operator));
}

function evaluateMember(node: jsep.MemberExpression, context: EvaluationContext): FormulaValue {
  const key = memberKey(node);
  if (key === undefined || FORBIDDEN_NAMES.has(key))
    throw new CalculationError('forbidden', 'member access is not allowed');
  return optionDataValue(evaluate(node.object, context), key);
}

function evaluateCall(node: jsep.CallExpression, context: EvaluationContext): FormulaValue {
  if (node.callee.type !== 'Identifier') throw new CalculationError('forbidden', 'only named functions can be called');
  const name = (node.callee as jsep.Identifier).name;
  if (!isFunctionName(name)) throw new CalculationError('forbidden', `unknown function '${name}'`);
  const args = node.arguments;
  const numberArg = (index: number) => asNumber(evaluate(args[index], context), `${name}()`);
  switch (name) {
    case 'factor':
      return evaluateFactor(args[0], context);
    case 'option':
      return evaluateOption(args[0], context);
    case 'machine':
      return evaluateMachine(args[0], args[1], context);
    case 'energy':
      return evaluateEnergy(args[0], context);
    case 'overhead':
      return readOverhead(asRun(context), { machine_hours: numberArg(0), sheets: numberArg(1), kg: numberArg(2) });
    case 'chosen':
      return evaluateChosen(args[0], context);
    case 'has': {
      const list = evaluate(args[0], context);
      const value = evaluate(args[1], context);
      if (!Array.isArray(list) || typeof value !== 'string') throw new CalculationError('type', 'has() needs a list');
      return list.includes(value);
    }
    case 'sum': {
      const { group, items } = groupItems(args[0], context);
      let total = 0;
      for (const item of items) {
        const value = asNumber(
          evaluate(args[1], { ...context, scope: { ...context.scope, item: group }, item }),
          'sum()',
        );
        total = finite(total + value);
      }
      return total;
    }
    case 'count': {
      if (args[0].type === 'Identifier' && context.scope.groups.has((args[0] as jsep.Identifier).name)) {
        return groupItems(args[0], context).items.length;
      }
      const list = evaluate(args[0], context);
      if (!Array.isArray(list)) throw new CalculationError('type', 'count() needs a list');
      return list.length;
    }
    case 'min':
    case 'max': {
      const values = args.map((_, index) => numberArg(index));
      return name === 'min' ? Math.min(...values) : Math.max(...values);
    }
    case 'round': {
      const value = numberArg(0);
      return roundTo(value, roundDigits(args.length > 1 ? numberArg(1) : 0));
    }
    case 'ceil':
      return Math.ceil(numberArg(0));
    case 'floor':
      return Math.floor(numberArg(0));
    case 'abs':
      return Math.abs(numberArg(0));
    case 'if':
      return asBoolean(evaluate(args[0], context), 'if()') ? evaluate(args[1], context) : evaluate(args[2], context);
    default:
      throw new CalculationError('forbidden', `unknown function '${name}'`);
  }
}

/** The context as the shared primitives (factor, machine and energy reads) take it. */
function asRun(context: EvaluationContext): FormulaRun {
  return {
    inputs: context.inputs,
    results: [],
    item: context.item,
    factorLookup: context.factorLookup,
    production: context.production,
    readFactor: (factor) => context.onFactor?.(factor),
    readProduction: (use) => context.onProduction?.(use),
  };
}

function evaluateFactor(argument: FormulaNode, context: EvaluationContext): number {
  const key = evaluate(argument, context);
  const fieldName = argument.type === 'Identifier' ? (argument as jsep.Identifier).name : undefined;
  return readFactor(asRun(context), key, fieldName);
}

function evaluateMachine(fieldArgument: FormulaNode, figureArgument: FormulaNode, context: EvaluationContext): number {
  const fieldName = optionFieldName(fieldArgument);
  const field = fieldName === undefined ? undefined : findField(context.scope, fieldName);
  if (!field || field.type !== 'machine') throw new CalculationError('type', 'machine() needs a machine field');
  const figure = evaluate(figureArgument, context);
  const isItemField = Boolean(context.item && context.scope.item?.fields.includes(field));
  return readMachine(
    asRun(context),
    field,
    figure,
    isItemField ? (context.item as Record<string, unknown>) : context.inputs,
  );
}

function evaluateChosen(argument: FormulaNode, context: EvaluationContext): boolean {
  const name = argument.type === 'Identifier' ? (argument as jsep.Identifier).name : '';
  const itemField = context.item ? context.scope.item?.fields.find((field) => field.name === name) : undefined;
  const field = itemField ?? context.scope.fields.get(name);
  if (!field) throw new CalculationError('type', 'chosen() needs a field');
  const values = itemField ? (context.item as Record<string, unknown>) : context.inputs;
  const raw = Object.prototype.hasOwnProperty.call(values, field.name) ? values[field.name] : undefined;
  const value = raw === undefined || raw === null || raw === '' ? field.default : raw;
  if (value === undefined || value === '') return false;
  return Array.isArray(value) ? value.length > 0 : true;
}

function evaluateEnergy(argument: FormulaNode, context: EvaluationContext): number {
  return readEnergy(asRun(context), evaluate(argument, context));
}

function evaluateOption(argument: FormulaNode, context: EvaluationContext): OptionData {
  const fieldName = optionFieldName(argument);
  const field = fieldName === undefined ? undefined : findField(context.scope, fieldName);
  if (!field || field.type !== 'select') throw new CalculationError('type', 'option() needs a select field');
  const isItemField = Boolean(context.item && context.scope.item?.fields.includes(field));
  const chosen = fieldValue(field, isItemField ? (context.item as Record<string, unknown>) : context.inputs);
  const option = (field.options ?? []).find((candidate) => candidate.value === chosen);
  if (!option)
    throw new CalculationError('unknown_option', `'${String(chosen)}' is not an option of '${field.name}'`, {
      field: field.name,
    });
  return option.data ?? {};
}

function groupItems(
  argument: FormulaNode,
  context: EvaluationContext,
): { group: Group; items: Record<string, unknown>[] } {
  const name = argument.type === 'Identifier' ? (argument as jsep.Identifier).name : '';
  const group = context.scope.groups.get(name);
  if (!group) throw new CalculationError('type', 'sum() and count() need a repeatable group');
  return { group, items: groupEntries(context.inputs, name) };
}

/** The computation as it was: Maps per result, results by name, the breakdown re-sorted into the template's order. */
export function referenceComputeResults(
  template: Template,
  inputs: CalculationInputs,
  factorLookup: FactorLookup,
  production?: ProductionData,
): ComputedResults {
  const compiled = getCompiledTemplate(template);
  const visibleInputs = pruneInputs(template, inputs);
  const results: Record<string, number> = {};
  const byName = new Map<string, ComputedResults['breakdown'][number]>();
  const allFactors = new Map<string, ComputedResults['factors'][number]>();
  const allProduction = new Map<string, ProductionUse>();
  for (const { result, ast, uses } of compiled.results) {
    const factors = new Map<string, ComputedResults['factors'][number]>();
    const figures = new Map<string, ProductionUse>();
    let value: unknown;
    try {
      value = evaluateFormula(ast, {
        scope: compiled.scope,
        inputs: visibleInputs,
        results,
        factorLookup,
        production,
        onFactor: (factor: FactorInfo) => {
          const use: ComputedResults['factors'][number] = {
            key: factor.key,
            value: factor.value,
            unit: factor.unit,
            source: factor.source,
          };
          if (factor.label) use.label = factor.label;
          if (factor.year !== undefined) use.year = factor.year;
          if (factor.region !== undefined) use.region = factor.region;
          factors.set(factor.key, use);
          allFactors.set(factor.key, use);
        },
        onProduction: (use) => {
          figures.set(use.ref, use);
          allProduction.set(use.ref, use);
        },
      });
    } catch (error) {
      if (error instanceof CalculationError) error.result = result.name;
      throw error;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new CalculationError('type', `result '${result.name}' is not a number`, { result: result.name });
    }
    results[result.name] = value === 0 ? 0 : value;
    const entry: ComputedResults['breakdown'][number] = {
      name: result.name,
      label: result.label,
      unit: result.unit,
      formula: result.formula,
      value: results[result.name]!,
      factors: [...factors.values()],
      uses,
      primary: result === compiled.primary,
    };
    if (figures.size > 0) entry.production = [...figures.values()];
    byName.set(result.name, entry);
  }
  return {
    results: Object.fromEntries(template.results.map((result) => [result.name, results[result.name]!])),
    breakdown: template.results.map((result) => byName.get(result.name)!),
    primary: results[compiled.primary.name]!,
    primaryName: compiled.primary.name,
    factors: [...allFactors.values()],
    production: [...allProduction.values()],
  };
}
