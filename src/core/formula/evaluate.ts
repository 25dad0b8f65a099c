/**
 * A small tree-walking evaluator over the checked AST. No eval/Function, no globals: the only
 * names it resolves are the template's fields and results, the only properties it reads are
 * own properties of option data. Numbers must stay finite: division by zero, NaN and Infinity
 * raise a CalculationError instead of reaching the database.
 */
import type jsep from 'jsep';
import type { FactorInfo, FactorLookup, Field, Group, OptionData } from '../template/types';
import {
  ENERGY_FIGURES,
  isEnergyFigure,
  isMachineFigure,
  MACHINE_FIGURES,
  type ProductionData,
  type ProductionUse,
} from '../production';
import { optionFieldName } from './check';
import { FORBIDDEN_NAMES, memberKey, type FormulaNode } from './parse';
import { isFunctionName } from './functions';
import { findField, type FormulaScope } from './scope';

export type CalculationErrorCode =
  | 'division_by_zero'
  | 'not_finite'
  | 'missing_input'
  | 'unknown_factor'
  | 'unknown_option'
  | 'unknown_machine'
  | 'unknown_figure'
  | 'no_production_data'
  | 'type'
  | 'forbidden'
  | 'syntax';

export class CalculationError extends Error {
  readonly code: CalculationErrorCode;
  /** The result whose formula failed, when known. */
  result?: string;
  /** The input field involved, when known. */
  field?: string;
  /** The factor key the database lacks (`unknown_factor`). */
  factor?: string;
  /** The machine key the machine set lacks (`unknown_machine`, `unknown_figure`). */
  machine?: string;
  constructor(
    code: CalculationErrorCode,
    message: string,
    details: { result?: string; field?: string; factor?: string; machine?: string } = {},
  ) {
    super(message);
    this.name = 'CalculationError';
    this.code = code;
    this.result = details.result;
    this.field = details.field;
    this.factor = details.factor;
    this.machine = details.machine;
  }
}

export type FormulaValue = number | string | boolean | string[] | OptionData;

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
  throw new CalculationError('type', `unknown identifier '${name}'`);
}

/** A field's value for formulas: the input, else the field's default, else an empty list/false or an error. */
export function fieldValue(field: Field, values: Record<string, unknown>): FormulaValue {
  const raw = Object.prototype.hasOwnProperty.call(values, field.name) ? values[field.name] : undefined;
  const value = raw === undefined || raw === null || raw === '' ? field.default : raw;
  if (value === undefined) {
    if (field.type === 'boolean') return false;
    if (field.type === 'multiselect' || field.type === 'tags') return [];
    throw new CalculationError('missing_input', `no value for '${field.name}'`, { field: field.name });
  }
  switch (field.type) {
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new CalculationError('type', `'${field.name}' is not a number`, { field: field.name });
      }
      return value;
    case 'boolean':
      if (typeof value !== 'boolean')
        throw new CalculationError('type', `'${field.name}' is not true/false`, { field: field.name });
      return value;
    case 'multiselect':
    case 'tags':
      if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
        throw new CalculationError('type', `'${field.name}' is not a list`, { field: field.name });
      }
      return value as string[];
    default:
      if (typeof value !== 'string')
        throw new CalculationError('type', `'${field.name}' is not text`, { field: field.name });
      return value;
  }
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
  const a = asNumber(left, operator);
  const b = asNumber(right, operator);
  switch (operator) {
    case '+':
      return finite(a + b);
    case '-':
      return finite(a - b);
    case '*':
      return finite(a * b);
    case '/':
      if (b === 0) throw new CalculationError('division_by_zero', 'division by zero');
      return finite(a / b);
    case '%':
      if (b === 0) throw new CalculationError('division_by_zero', 'division by zero (%)');
      return finite(a % b);
    case '**':
      return finite(a ** b);
    default:
      throw new CalculationError('forbidden', `operator '${operator}' is not allowed`);
  }
}

function equals(left: FormulaValue, right: FormulaValue): boolean {
  if (typeof left === 'object' || typeof right === 'object')
    throw new CalculationError('type', 'lists cannot be compared');
  return left === right;
}

function compare(operator: string, left: FormulaValue, right: FormulaValue): boolean {
  const bothNumbers = typeof left === 'number' && typeof right === 'number';
  const bothStrings = typeof left === 'string' && typeof right === 'string';
  if (!bothNumbers && !bothStrings) throw new CalculationError('type', `'${operator}' needs two numbers or two texts`);
  const a = left as number | string;
  const b = right as number | string;
  switch (operator) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

function evaluateMember(node: jsep.MemberExpression, context: EvaluationContext): FormulaValue {
  const key = memberKey(node);
  if (key === undefined || FORBIDDEN_NAMES.has(key))
    throw new CalculationError('forbidden', 'member access is not allowed');
  const object = evaluate(node.object, context);
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    throw new CalculationError('type', `'.${key}' can only be read from option(…)`);
  }
  // Own properties only: option data is plain JSON, never its prototype.
  if (!Object.prototype.hasOwnProperty.call(object, key)) {
    throw new CalculationError('unknown_option', `the chosen option has no data '${key}'`);
  }
  const value = (object as OptionData)[key];
  if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'boolean') {
    throw new CalculationError('type', `option data '${key}' is not a plain value`);
  }
  return value;
}

function evaluateCall(node: jsep.CallExpression, context: EvaluationContext): FormulaValue {
  if (node.callee.type !== 'Identifier') throw new CalculationError('forbidden', 'only named functions can be called');
  const name = (node.callee as jsep.Identifier).name;
  if (!isFunctionName(name)) throw new CalculationError('forbidden', `unknown function '${name}'`);
  const args = node.arguments;
  const numberArg = numberArgs(args, context, name);
  switch (name) {
    case 'factor':
      return evaluateFactor(args[0], context);
    case 'option':
      return evaluateOption(args[0], context);
    case 'machine':
      return evaluateMachine(args[0], args[1], context);
    case 'energy':
      return evaluateEnergy(args[0], context);
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
      const digits = args.length > 1 ? numberArg(1) : 0;
      if (!Number.isInteger(digits) || digits < -15 || digits > 15) {
        throw new CalculationError('type', 'round() digits must be a whole number between -15 and 15');
      }
      return roundTo(value, digits);
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

/** Half away from zero, by decimal shifting (avoids 1.005 → 1.00 from binary representation). */
/**
 * Reads the call's arguments as numbers. Made by a factory rather than as a local arrow: keep-names
 * builds (tsx, esbuild) wrap every named local function in a defineProperty call, per evaluation.
 */
function numberArgs(args: jsep.Expression[], context: EvaluationContext, name: string): (index: number) => number {
  return (index) => asNumber(evaluate(args[index], context), `${name}()`);
}

function roundTo(value: number, digits: number): number {
  const shifted = Number(`${Math.abs(value)}e${digits}`);
  const rounded = Number(`${Math.round(shifted)}e${-digits}`);
  return finite(Math.sign(value) * rounded);
}

function evaluateFactor(argument: FormulaNode, context: EvaluationContext): number {
  const key = evaluate(argument, context);
  if (typeof key !== 'string') throw new CalculationError('type', 'factor() needs a factor key');
  const fieldName = argument.type === 'Identifier' ? (argument as jsep.Identifier).name : undefined;
  const factor = context.factorLookup(key);
  if (!factor)
    throw new CalculationError('unknown_factor', `unknown factor '${key}'`, { field: fieldName, factor: key });
  if (typeof factor.value !== 'number' || !Number.isFinite(factor.value)) {
    throw new CalculationError('not_finite', `factor '${key}' has no valid value`, { field: fieldName });
  }
  context.onFactor?.(factor);
  return factor.value;
}

function productionOf(context: EvaluationContext, what: string): ProductionData {
  if (!context.production) {
    throw new CalculationError(
      'no_production_data',
      `${what} needs the mandant's machine data, and no machine set is published`,
    );
  }
  return context.production;
}

function evaluateMachine(fieldArgument: FormulaNode, figureArgument: FormulaNode, context: EvaluationContext): number {
  const fieldName = optionFieldName(fieldArgument);
  const field = fieldName === undefined ? undefined : findField(context.scope, fieldName);
  if (!field || field.type !== 'machine') throw new CalculationError('type', 'machine() needs a machine field');
  const figure = evaluate(figureArgument, context);
  if (typeof figure !== 'string' || !isMachineFigure(figure)) {
    throw new CalculationError('unknown_figure', `machine() has no figure '${String(figure)}'`, { field: field.name });
  }
  const isItemField = Boolean(context.item && context.scope.item?.fields.includes(field));
  const key = fieldValue(field, isItemField ? (context.item as Record<string, unknown>) : context.inputs);
  const production = productionOf(context, 'machine()');
  const machine = typeof key === 'string' ? production.machine(key) : undefined;
  if (!machine || machine.kind !== field.machineKind) {
    throw new CalculationError(
      'unknown_machine',
      `the machine set '${production.set.name} ${production.set.version_label}' has no ${field.machineKind ?? ''} machine '${String(key)}'`,
      {
        field: field.name,
        machine: String(key),
      },
    );
  }
  const recorded = Object.hasOwn(machine.figures, figure) ? machine.figures[figure] : undefined;
  if (!recorded || typeof recorded.value !== 'number' || !Number.isFinite(recorded.value)) {
    throw new CalculationError('unknown_figure', `the machine '${machine.name}' has no figure '${figure}'`, {
      field: field.name,
      machine: machine.key,
    });
  }
  context.onProduction?.({
    ref: `machine:${machine.key}:${figure}`,
    machine: machine.key,
    name: machine.name,
    figure,
    value: recorded.value,
    unit: MACHINE_FIGURES[figure],
    source: recorded.source,
    year: recorded.year,
  });
  return recorded.value;
}

/**
 * Whether an optional field holds a value (its default counts), so a template can fall back to a reference factor
 * where a mandant has recorded no machine: `if(chosen(press), machine(press, 'power_kw') * …, factor('…'))`.
 */
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
  const figure = evaluate(argument, context);
  if (typeof figure !== 'string' || !isEnergyFigure(figure))
    throw new CalculationError('unknown_figure', `energy() has no figure '${String(figure)}'`);
  const production = productionOf(context, 'energy()');
  const recorded = production.energy(figure);
  if (!recorded || !Number.isFinite(recorded.value)) {
    throw new CalculationError(
      'unknown_figure',
      `the machine set '${production.set.name} ${production.set.version_label}' records no ${figure} factor`,
    );
  }
  context.onProduction?.({
    ref: `energy:${figure}`,
    name: recorded.supplier,
    figure,
    value: recorded.value,
    unit: ENERGY_FIGURES[figure],
    source: recorded.source,
    year: recorded.year,
    region: recorded.region,
  });
  return recorded.value;
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
  const raw = Object.prototype.hasOwnProperty.call(context.inputs, name) ? context.inputs[name] : undefined;
  if (raw === undefined || raw === null) return { group, items: [] };
  if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))) {
    throw new CalculationError('type', `'${name}' is not a list of entries`, { field: name });
  }
  return { group, items: raw as Record<string, unknown>[] };
}

function asNumber(value: FormulaValue, where: string): number {
  if (typeof value !== 'number')
    throw new CalculationError('type', `'${where}' needs a number, got ${describe(value)}`);
  return value;
}

function asBoolean(value: FormulaValue, where: string): boolean {
  if (typeof value !== 'boolean')
    throw new CalculationError('type', `'${where}' needs true/false, got ${describe(value)}`);
  return value;
}

function finite(value: number): number {
  if (!Number.isFinite(value))
    throw new CalculationError('not_finite', 'the calculation does not give a finite number');
  return value;
}

function describe(value: FormulaValue): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'option data';
  return typeof value === 'string' ? 'text' : typeof value;
}
