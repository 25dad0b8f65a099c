/**
 * Formula evaluation, compiled once per template version: the checked AST becomes a tree of closures with every
 * name resolved (a field to its definition, a result to its slot, a function to its implementation) and constant
 * sub-expressions folded, so a row runs no lookups by name and no dispatch on node types. No eval/Function (the
 * client may run under a CSP), no globals: the only properties read at run time are own properties of the inputs
 * and of option data. Numbers must stay finite: division by zero, NaN and Infinity raise a CalculationError instead
 * of reaching the database. Faults a row can meet are raised when (and only when) the row reaches them, exactly as
 * the tree-walking interpreter this replaces raised them (tests/unit/support/reference-formula.ts keeps it as the
 * reference of the property test).
 */
import type jsep from 'jsep';
import { fieldTypeOf, type FormulaValue } from '../field-types';
import type { FactorInfo, FactorLookup, Field, Group, OptionData } from '../template/types';
import {
  ENERGY_FIGURES,
  isEnergyFigure,
  isMachineFigure,
  MACHINE_FIGURES,
  SITE_OVERHEAD_FIGURE,
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

export type { FormulaValue } from '../field-types';

/**
 * One row's state while its formulas run. The caller owns it (one per computation, not one per formula) and
 * receives every factor and machine or energy figure a formula reads, so the breakdown can cite it.
 */
export interface FormulaRun {
  /** Top-level inputs. */
  inputs: Record<string, unknown>;
  /** Results computed so far, by slot (see compileFormula); undefined: not computed. */
  results: (number | undefined)[];
  /** The current item of a repeatable group (inside sum()). */
  item: Record<string, unknown> | undefined;
  factorLookup: FactorLookup;
  /** The mandant's machines and energy contract (its machine set), for `machine()` and `energy()`. */
  production: ProductionData | undefined;
  readFactor(factor: FactorInfo): void;
  readProduction(use: ProductionUse): void;
}

/** A compiled formula: the value of its AST for one row. */
export type CompiledFormula = (run: FormulaRun) => FormulaValue;

/** A field's value for formulas: the input, else the field's default, else the type's empty value or an error. */
export function fieldValue(field: Field, values: Record<string, unknown>): FormulaValue {
  const raw = Object.prototype.hasOwnProperty.call(values, field.name) ? values[field.name] : undefined;
  const value = raw === undefined || raw === null || raw === '' ? field.default : raw;
  const { formula } = fieldTypeOf(field.type);
  if (value === undefined) {
    if (formula.empty) return formula.empty();
    throw new CalculationError('missing_input', `no value for '${field.name}'`, { field: field.name });
  }
  if (!formula.accepts(value))
    throw new CalculationError('type', `'${field.name}' is not ${formula.what}`, { field: field.name });
  return value;
}

// The primitives of the language, shared by the compiled closures and the reference interpreter of the tests.

export function asNumber(value: FormulaValue, where: string): number {
  if (typeof value !== 'number')
    throw new CalculationError('type', `'${where}' needs a number, got ${describe(value)}`);
  return value;
}

export function asBoolean(value: FormulaValue, where: string): boolean {
  if (typeof value !== 'boolean')
    throw new CalculationError('type', `'${where}' needs true/false, got ${describe(value)}`);
  return value;
}

export function finite(value: number): number {
  if (!Number.isFinite(value))
    throw new CalculationError('not_finite', 'the calculation does not give a finite number');
  return value;
}

function describe(value: FormulaValue): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'option data';
  return typeof value === 'string' ? 'text' : typeof value;
}

export function equals(left: FormulaValue, right: FormulaValue): boolean {
  if (typeof left === 'object' || typeof right === 'object')
    throw new CalculationError('type', 'lists cannot be compared');
  return left === right;
}

export function compare(operator: string, left: FormulaValue, right: FormulaValue): boolean {
  const bothNumbers = typeof left === 'number' && typeof right === 'number';
  const bothStrings = typeof left === 'string' && typeof right === 'string';
  if (!bothNumbers && !bothStrings) throw new CalculationError('type', `'${operator}' needs two numbers or two texts`);
  return inOrder(operator as Ordering, left as number | string, right as number | string);
}

export type Ordering = '<' | '<=' | '>' | '>=';

/** Whether `a operator b` holds for two values of one type: the ordering formulas and visibility conditions share. */
export function inOrder<T extends number | string | boolean>(operator: Ordering, a: T, b: T): boolean {
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

/** Arithmetic of `+ - * / % **` on two numbers. */
export function arithmetic(operator: string, a: number, b: number): number {
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

/** Half away from zero, by decimal shifting (avoids 1.005 → 1.00 from binary representation). */
export function roundTo(value: number, digits: number): number {
  const shifted = Number(`${Math.abs(value)}e${digits}`);
  const rounded = Number(`${Math.round(shifted)}e${-digits}`);
  return finite(Math.sign(value) * rounded);
}

export function roundDigits(digits: number): number {
  if (!Number.isInteger(digits) || digits < -15 || digits > 15) {
    throw new CalculationError('type', 'round() digits must be a whole number between -15 and 15');
  }
  return digits;
}

/** The value an option data key holds, or the fault `option('f').key` raises. */
export function optionDataValue(object: FormulaValue, key: string): FormulaValue {
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

/** The factor a key names, cited to the run; the faults `factor(…)` raises. */
export function readFactor(run: FormulaRun, key: FormulaValue, fieldName: string | undefined): number {
  if (typeof key !== 'string') throw new CalculationError('type', 'factor() needs a factor key');
  const factor = run.factorLookup(key);
  if (!factor)
    throw new CalculationError('unknown_factor', `unknown factor '${key}'`, { field: fieldName, factor: key });
  if (typeof factor.value !== 'number' || !Number.isFinite(factor.value)) {
    throw new CalculationError('not_finite', `factor '${key}' has no valid value`, { field: fieldName });
  }
  run.readFactor(factor);
  return factor.value;
}

function productionOf(run: FormulaRun, what: string): ProductionData {
  if (!run.production) {
    throw new CalculationError(
      'no_production_data',
      `${what} needs the mandant's machine data, and no machine set is published`,
    );
  }
  return run.production;
}

/** `machine(field, figure)` once the field is known to be a machine field; `values`: the field's level. */
export function readMachine(
  run: FormulaRun,
  field: Field,
  figure: FormulaValue,
  values: Record<string, unknown>,
): number {
  if (typeof figure !== 'string' || !isMachineFigure(figure)) {
    throw new CalculationError('unknown_figure', `machine() has no figure '${String(figure)}'`, { field: field.name });
  }
  const key = fieldValue(field, values);
  const production = productionOf(run, 'machine()');
  const machine = typeof key === 'string' ? production.machine(key) : undefined;
  if (!machine || machine.kind !== field.machineKind) {
    throw new CalculationError(
      'unknown_machine',
      `the machine set '${production.set.name} ${production.set.version_label}' has no ${field.machineKind ?? ''} machine '${String(key)}'`,
      { field: field.name, machine: String(key) },
    );
  }
  const recorded = Object.hasOwn(machine.figures, figure) ? machine.figures[figure] : undefined;
  if (!recorded || typeof recorded.value !== 'number' || !Number.isFinite(recorded.value)) {
    throw new CalculationError('unknown_figure', `the machine '${machine.name}' has no figure '${figure}'`, {
      field: field.name,
      machine: machine.key,
    });
  }
  run.readProduction({
    ref: `machine:${machine.key}:${figure}`,
    machine: machine.key,
    name: machine.name,
    figure,
    value: recorded.value,
    unit: MACHINE_FIGURES[figure],
    source: recorded.source,
    year: recorded.year,
    region: production.region,
  });
  return recorded.value;
}

export function readEnergy(run: FormulaRun, figure: FormulaValue): number {
  if (typeof figure !== 'string' || !isEnergyFigure(figure))
    throw new CalculationError('unknown_figure', `energy() has no figure '${String(figure)}'`);
  const production = productionOf(run, 'energy()');
  const recorded = production.energy(figure);
  if (!recorded || !Number.isFinite(recorded.value)) {
    throw new CalculationError(
      'unknown_figure',
      `the machine set '${production.set.name} ${production.set.version_label}' records no ${figure} factor`,
    );
  }
  run.readProduction({
    ref: `energy:${figure}`,
    name: recorded.supplier,
    figure,
    value: recorded.value,
    unit: ENERGY_FIGURES[figure],
    source: recorded.source,
    year: recorded.year,
    region: recorded.region,
    ...(recorded.market && { market: recorded.market }),
  });
  return recorded.value;
}

const SITE_KEY_UNITS = { machine_hours: 'h', sheets: 'sheets', kg: 'kg' } as const;

/**
 * `overhead(machine_hours, sheets, kg)`: the job's share of the printer's annual site footprint, by the site's
 * allocation key (annual kg CO2e × the job's amount ÷ the site's annual amount). Without a machine set or a site
 * record the share is 0: a template may always call it, and the site reaches the job once it is recorded.
 */
export function readOverhead(run: FormulaRun, amounts: Record<keyof typeof SITE_KEY_UNITS, number>): number {
  const site = run.production?.site?.();
  if (!site) return 0;
  if (!(site.annualAmount > 0) || !Number.isFinite(site.annualKgCo2e))
    throw new CalculationError('not_finite', 'the site footprint has no valid annual amount');
  const perUnit = site.annualKgCo2e / site.annualAmount;
  run.readProduction({
    ref: `site:${site.allocationKey}`,
    name: site.source,
    figure: SITE_OVERHEAD_FIGURE,
    value: perUnit,
    unit: `kg CO2e/${SITE_KEY_UNITS[site.allocationKey]}`,
    source: site.source,
    year: site.year,
    region: run.production?.region ?? null,
  });
  return perUnit * amounts[site.allocationKey];
}

/** A repeatable group's entries in the inputs; the fault sum() and count() raise on anything else. */
export function groupEntries(inputs: Record<string, unknown>, name: string): Record<string, unknown>[] {
  const raw = Object.prototype.hasOwnProperty.call(inputs, name) ? inputs[name] : undefined;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))) {
    throw new CalculationError('type', `'${name}' is not a list of entries`, { field: name });
  }
  return raw as Record<string, unknown>[];
}

/** The chosen option's data of a select field; option data is shared by every row, never copied. */
function optionChooser(field: Field): (chosen: FormulaValue) => OptionData {
  const byValue = new Map<FormulaValue, OptionData>();
  for (const option of field.options ?? [])
    if (!byValue.has(option.value)) byValue.set(option.value, option.data ?? NO_DATA);
  return (chosen) => {
    const data = byValue.get(chosen);
    if (data === undefined)
      throw new CalculationError('unknown_option', `'${String(chosen)}' is not an option of '${field.name}'`, {
        field: field.name,
      });
    return data;
  };
}

const NO_DATA: OptionData = Object.freeze({});

/** Where a compiled formula stands: the template's scope, the group whose item sum() iterates, the result slots. */
interface Place {
  scope: FormulaScope;
  /** Inside sum(group, …): the group (its item fields come first). */
  item?: Group;
  slots: ReadonlyMap<string, number>;
}

/** A compiled node, and its value when it does not depend on the row. */
interface Compiled {
  run: CompiledFormula;
  constant: boolean;
}

/**
 * Compiles a checked formula. `slots` gives each result name the index its value has in `FormulaRun.results`;
 * results must run in dependency order (see orderResults).
 */
export function compileFormula(
  ast: FormulaNode,
  scope: FormulaScope,
  slots: ReadonlyMap<string, number>,
): CompiledFormula {
  return compile(ast, { scope: { ...scope, item: undefined }, slots }).run;
}

function raise(error: () => CalculationError): Compiled {
  return {
    run: () => {
      throw error();
    },
    constant: false,
  };
}

function constant(value: FormulaValue): Compiled {
  return { run: () => value, constant: true };
}

/** Folds a node whose parts are all constant; a fault stays where it was, to be raised by the row that reaches it. */
function folded(node: Compiled, parts: readonly Compiled[]): Compiled {
  if (!parts.every((part) => part.constant)) return node;
  try {
    return constant(node.run(FOLDING_RUN));
  } catch {
    return node;
  }
}

// Constant parts never read the run; anything that does is not constant and is never folded.
const FOLDING_RUN: FormulaRun = Object.freeze({
  inputs: {},
  results: [],
  item: undefined,
  factorLookup: () => undefined,
  production: undefined,
  readFactor: () => undefined,
  readProduction: () => undefined,
});

function compile(node: FormulaNode, place: Place): Compiled {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return constant(value);
      return raise(() => new CalculationError('type', 'unsupported literal'));
    }
    case 'Identifier':
      return compileIdentifier((node as jsep.Identifier).name, place);
    case 'UnaryExpression':
      return compileUnary(node as jsep.UnaryExpression, place);
    case 'BinaryExpression':
      return compileBinary(node as jsep.BinaryExpression, place);
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      return choice(
        compile(conditional.test, place),
        compile(conditional.consequent, place),
        compile(conditional.alternate, place),
        '?:',
      );
    }
    case 'MemberExpression':
      return compileMember(node as jsep.MemberExpression, place);
    case 'CallExpression':
      return compileCall(node as jsep.CallExpression, place);
    default:
      return raise(() => new CalculationError('forbidden', `'${node.type}' is not allowed`));
  }
}

function choice(test: Compiled, then: Compiled, otherwise: Compiled, where: string): Compiled {
  if (test.constant) {
    const value = test.run(FOLDING_RUN);
    if (typeof value === 'boolean') return value ? then : otherwise;
  }
  const [t, a, b] = [test.run, then.run, otherwise.run];
  return { run: (run) => (asBoolean(t(run), where) ? a(run) : b(run)), constant: false };
}

/** A field read from the item (inside sum()) or from the top-level inputs. */
function fieldReader(field: Field, fromItem: boolean): CompiledFormula {
  return fromItem
    ? (run) => fieldValue(field, run.item as Record<string, unknown>)
    : (run) => fieldValue(field, run.inputs);
}

function compileIdentifier(name: string, place: Place): Compiled {
  if (FORBIDDEN_NAMES.has(name)) return raise(() => new CalculationError('forbidden', `'${name}' is not allowed`));
  const itemField = place.item?.fields.find((field) => field.name === name);
  if (itemField) return { run: fieldReader(itemField, true), constant: false };
  const field = place.scope.fields.get(name);
  if (field) return { run: fieldReader(field, false), constant: false };
  const named = place.scope.constants.get(name);
  if (named) return constant(named.value);
  const slot = place.scope.results.has(name) ? place.slots.get(name) : undefined;
  const unknown = () => new CalculationError('type', `unknown identifier '${name}'`);
  if (slot === undefined) return raise(unknown);
  return {
    run: (run) => {
      const value = run.results[slot];
      if (value === undefined) throw unknown();
      return value;
    },
    constant: false,
  };
}

function compileUnary(node: jsep.UnaryExpression, place: Place): Compiled {
  const argument = compile(node.argument, place);
  const value = argument.run;
  let run: CompiledFormula;
  switch (node.operator) {
    case '!':
      run = (r) => !asBoolean(value(r), '!');
      break;
    case '-':
      run = (r) => finite(-asNumber(value(r), '-'));
      break;
    case '+':
      run = (r) => asNumber(value(r), '+');
      break;
    default:
      return raise(() => new CalculationError('forbidden', `operator '${node.operator}' is not allowed`));
  }
  return folded({ run, constant: false }, [argument]);
}

function compileBinary(node: jsep.BinaryExpression, place: Place): Compiled {
  const { operator } = node;
  const leftPart = compile(node.left, place);
  const rightPart = compile(node.right, place);
  const left = leftPart.run;
  const right = rightPart.run;
  let run: CompiledFormula;
  switch (operator) {
    // Short-circuit so that `has_cover && cover_pages > 0` never reads a hidden field.
    case '&&':
      run = (r) => asBoolean(left(r), '&&') && asBoolean(right(r), '&&');
      break;
    case '||':
      run = (r) => asBoolean(left(r), '||') || asBoolean(right(r), '||');
      break;
    case '==':
    case '===':
      run = (r) => equals(left(r), right(r));
      break;
    case '!=':
    case '!==':
      run = (r) => !equals(left(r), right(r));
      break;
    case '<':
    case '<=':
    case '>':
    case '>=':
      run = (r) => compare(operator, left(r), right(r));
      break;
    // Both sides are evaluated before either is checked: the fault a row meets first stays the same.
    case '+':
      run = (r) => {
        const a = left(r);
        const b = right(r);
        return finite(asNumber(a, '+') + asNumber(b, '+'));
      };
      break;
    case '-':
      run = (r) => {
        const a = left(r);
        const b = right(r);
        return finite(asNumber(a, '-') - asNumber(b, '-'));
      };
      break;
    case '*':
      run = (r) => {
        const a = left(r);
        const b = right(r);
        return finite(asNumber(a, '*') * asNumber(b, '*'));
      };
      break;
    case '/':
      run = (r) => {
        const a = left(r);
        const b = right(r);
        return arithmetic('/', asNumber(a, '/'), asNumber(b, '/'));
      };
      break;
    default:
      run = (r) => {
        const a = left(r);
        const b = right(r);
        return arithmetic(operator, asNumber(a, operator), asNumber(b, operator));
      };
  }
  return folded({ run, constant: false }, [leftPart, rightPart]);
}

function compileMember(node: jsep.MemberExpression, place: Place): Compiled {
  const key = memberKey(node);
  if (key === undefined || FORBIDDEN_NAMES.has(key))
    return raise(() => new CalculationError('forbidden', 'member access is not allowed'));
  const object = compile(node.object, place).run;
  return { run: (run) => optionDataValue(object(run), key), constant: false };
}

function compileCall(node: jsep.CallExpression, place: Place): Compiled {
  if (node.callee.type !== 'Identifier')
    return raise(() => new CalculationError('forbidden', 'only named functions can be called'));
  const name = (node.callee as jsep.Identifier).name;
  if (!isFunctionName(name)) return raise(() => new CalculationError('forbidden', `unknown function '${name}'`));
  const args = node.arguments;
  switch (name) {
    case 'factor':
      return compileFactor(args[0], place);
    case 'option':
      return compileOption(args[0], place);
    case 'machine':
      return compileMachine(args[0], args[1], place);
    case 'energy': {
      const figure = compile(args[0], place).run;
      return { run: (run) => readEnergy(run, figure(run)), constant: false };
    }
    case 'overhead': {
      const [hours, sheets, kg] = args.map((argument) => compile(argument, place).run);
      const where = 'overhead()';
      return {
        run: (run) =>
          readOverhead(run, {
            machine_hours: asNumber(hours(run), where),
            sheets: asNumber(sheets(run), where),
            kg: asNumber(kg(run), where),
          }),
        constant: false,
      };
    }
    case 'chosen':
      return compileChosen(args[0], place);
    case 'has':
      return compileHas(args[0], args[1], place);
    case 'sum':
      return compileSum(args[0], args[1], place);
    case 'count':
      return compileCount(args[0], place);
    case 'if':
      return choice(compile(args[0], place), compile(args[1], place), compile(args[2], place), 'if()');
  }
  const parts = args.map((argument) => compile(argument, place));
  const numbers = parts.map((part) => part.run);
  const where = `${name}()`;
  let run: CompiledFormula;
  switch (name) {
    case 'min':
    case 'max': {
      const pick = name === 'min' ? Math.min : Math.max;
      run = (r) => {
        let best = asNumber(numbers[0](r), where);
        for (let index = 1; index < numbers.length; index++) best = pick(best, asNumber(numbers[index](r), where));
        return best;
      };
      break;
    }
    case 'round': {
      const [value, digits] = numbers;
      run = digits
        ? (r) => {
            const shifted = asNumber(value(r), where);
            return roundTo(shifted, roundDigits(asNumber(digits(r), where)));
          }
        : (r) => roundTo(asNumber(value(r), where), 0);
      break;
    }
    case 'ceil':
      run = (r) => Math.ceil(asNumber(numbers[0](r), where));
      break;
    case 'floor':
      run = (r) => Math.floor(asNumber(numbers[0](r), where));
      break;
    case 'abs':
      run = (r) => Math.abs(asNumber(numbers[0](r), where));
      break;
    default:
      return raise(() => new CalculationError('forbidden', `unknown function '${name}'`));
  }
  return folded({ run, constant: false }, parts);
}

function compileFactor(argument: FormulaNode, place: Place): Compiled {
  const fieldName = argument.type === 'Identifier' ? (argument as jsep.Identifier).name : undefined;
  const select = namedField(argument, place, 'select');
  if (argument.type === 'Identifier' && select) {
    // A select field whose options name factors: the chosen option's factor.
    const chosen = fieldReader(select.field, select.fromItem);
    const factors = new Map((select.field.options ?? []).map((option) => [option.value, option.factor] as const));
    return {
      run: (run) => {
        const value = chosen(run);
        const key = typeof value === 'string' ? factors.get(value) : undefined;
        if (key === undefined)
          throw new CalculationError(
            'unknown_option',
            `'${String(value)}' is not an option of '${select.field.name}'`,
            {
              field: select.field.name,
            },
          );
        return readFactor(run, key, fieldName);
      },
      constant: false,
    };
  }
  const key = compile(argument, place).run;
  return { run: (run) => readFactor(run, key(run), fieldName), constant: false };
}

/** The field `option(…)`/`machine(…)` names, and whether it is read from the item; undefined: not such a field. */
function namedField(
  argument: FormulaNode,
  place: Place,
  type: Field['type'],
): { field: Field; fromItem: boolean } | undefined {
  const name = optionFieldName(argument);
  const field = name === undefined ? undefined : findField({ ...place.scope, item: place.item }, name);
  if (!field || field.type !== type) return undefined;
  return { field, fromItem: Boolean(place.item?.fields.includes(field)) };
}

function compileOption(argument: FormulaNode, place: Place): Compiled {
  const named = namedField(argument, place, 'select');
  if (!named) return raise(() => new CalculationError('type', 'option() needs a select field'));
  const chosen = fieldReader(named.field, named.fromItem);
  const choose = optionChooser(named.field);
  return { run: (run) => choose(chosen(run)), constant: false };
}

function compileMachine(fieldArgument: FormulaNode, figureArgument: FormulaNode, place: Place): Compiled {
  const named = namedField(fieldArgument, place, 'machine');
  if (!named) return raise(() => new CalculationError('type', 'machine() needs a machine field'));
  const { field, fromItem } = named;
  const figure = compile(figureArgument, place).run;
  return {
    run: (run) => readMachine(run, field, figure(run), fromItem ? (run.item as Record<string, unknown>) : run.inputs),
    constant: false,
  };
}

/**
 * Whether an optional field holds a value (its default counts), so a template can fall back to a reference factor
 * where a mandant has recorded no machine: `if(chosen(press), machine(press, 'power_kw') * …, factor('…'))`.
 */
function compileChosen(argument: FormulaNode, place: Place): Compiled {
  const name = argument.type === 'Identifier' ? (argument as jsep.Identifier).name : '';
  const itemField = place.item?.fields.find((field) => field.name === name);
  const field = itemField ?? place.scope.fields.get(name);
  if (!field) return raise(() => new CalculationError('type', 'chosen() needs a field'));
  const fromItem = itemField !== undefined;
  return {
    run: (run) => {
      const values = fromItem ? (run.item as Record<string, unknown>) : run.inputs;
      const raw = Object.prototype.hasOwnProperty.call(values, field.name) ? values[field.name] : undefined;
      const value = raw === undefined || raw === null || raw === '' ? field.default : raw;
      if (value === undefined || value === '') return false;
      return Array.isArray(value) ? value.length > 0 : true;
    },
    constant: false,
  };
}

/** Whether a value is ticked in a multiple-choice field: `has(finish, 'foil')`. */
function compileHas(listArgument: FormulaNode, valueArgument: FormulaNode, place: Place): Compiled {
  const list = compile(listArgument, place).run;
  const value = compile(valueArgument, place).run;
  return {
    run: (run) => {
      const chosen = list(run);
      const wanted = value(run);
      if (!Array.isArray(chosen) || typeof wanted !== 'string')
        throw new CalculationError('type', 'has() needs a list');
      return chosen.includes(wanted);
    },
    constant: false,
  };
}

function groupOf(argument: FormulaNode, place: Place): Group | undefined {
  return argument.type === 'Identifier' ? place.scope.groups.get((argument as jsep.Identifier).name) : undefined;
}

function compileSum(groupArgument: FormulaNode, body: FormulaNode, place: Place): Compiled {
  const group = groupOf(groupArgument, place);
  if (!group) return raise(() => new CalculationError('type', 'sum() and count() need a repeatable group'));
  const each = compile(body, { ...place, item: group }).run;
  const name = group.id;
  return {
    run: (run) => {
      const items = groupEntries(run.inputs, name);
      const outer = run.item;
      let total = 0;
      try {
        for (const item of items) {
          run.item = item;
          total = finite(total + asNumber(each(run), 'sum()'));
        }
      } finally {
        run.item = outer;
      }
      return total;
    },
    constant: false,
  };
}

function compileCount(argument: FormulaNode, place: Place): Compiled {
  const group = groupOf(argument, place);
  if (group) {
    const name = group.id;
    return { run: (run) => groupEntries(run.inputs, name).length, constant: false };
  }
  const list = compile(argument, place).run;
  return {
    run: (run) => {
      const value = list(run);
      if (!Array.isArray(value)) throw new CalculationError('type', 'count() needs a list');
      return value.length;
    },
    constant: false,
  };
}
