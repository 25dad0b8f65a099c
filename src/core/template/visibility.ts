/**
 * `visibleIf` conditions. They are formulas restricted to comparisons of sibling fields with
 * literals, combined with `&&`, `||`, `!` — exactly what JSON Schema's if/then/else can say —
 * so the server's schema and the client's form agree on which fields are shown.
 */
import type jsep from 'jsep';
import { fieldTypeOf } from '../field-types';
import { inOrder, type Ordering } from '../formula/evaluate';
import { parseFormula, type FormulaNode } from '../formula/parse';
import { CheckerFault, checkerText, type CheckerKey, type CheckerParams } from './checker-messages';
import { sameText } from '../languages';
import type { Field } from './types';

export type Comparison = '==' | Ordering;

export type Condition =
  | { kind: 'const'; value: boolean }
  | { kind: 'and'; items: Condition[] }
  | { kind: 'or'; items: Condition[] }
  | { kind: 'not'; item: Condition }
  /** A boolean field that is true. */
  | { kind: 'flag'; field: string }
  /** A field that is present, of the literal's type, and compares as stated. */
  | { kind: 'compare'; field: string; op: Comparison; value: number | string | boolean };

const HOLDS = {
  string: 'checker.condition.holdsText',
  number: 'checker.condition.holdsNumber',
  boolean: 'checker.condition.holdsBoolean',
} as const;

const fault = (key: CheckerKey, params?: CheckerParams) => new CheckerFault(checkerText(key, params));

const FLIPPED: Record<string, Comparison> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '===': '==' };

/**
 * Compiles a visibleIf expression against the fields of its own level; throws a CheckerFault
 * (the reader's message by key). Without `siblings` (a template already checked by the loader) the field
 * names and types are trusted: the meaning is the same, only the checks are skipped.
 */
export function compileCondition(expression: string, siblings?: readonly Field[]): Condition {
  return toCondition(parseFormula(expression), siblings);
}

function toCondition(node: FormulaNode, siblings: readonly Field[] | undefined): Condition {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (typeof value === 'boolean') return { kind: 'const', value };
      throw fault('checker.condition.notTrueFalse');
    }
    case 'Identifier': {
      const field = sibling((node as jsep.Identifier).name, siblings);
      if (siblings && fieldTypeOf(field.type).kind !== 'boolean')
        throw fault('checker.condition.notYesNo', { name: field.name });
      return { kind: 'flag', field: field.name };
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (unary.operator !== '!') throw fault('checker.condition.operator', { operator: unary.operator });
      return { kind: 'not', item: toCondition(unary.argument, siblings) };
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (binary.operator === '&&' || binary.operator === '||') {
        return {
          kind: binary.operator === '&&' ? 'and' : 'or',
          items: [toCondition(binary.left, siblings), toCondition(binary.right, siblings)],
        };
      }
      if (binary.operator === '!=' || binary.operator === '!==') {
        return { kind: 'not', item: comparison('==', binary.left, binary.right, siblings) };
      }
      if (binary.operator in FLIPPED)
        return comparison(binary.operator as Comparison, binary.left, binary.right, siblings);
      throw fault('checker.condition.operator', { operator: binary.operator });
    }
    default:
      throw fault('checker.condition.shape');
  }
}

function comparison(
  operator: string,
  left: FormulaNode,
  right: FormulaNode,
  siblings: readonly Field[] | undefined,
): Condition {
  let op = (operator === '===' ? '==' : operator) as Comparison;
  let fieldNode = left;
  let literalNode = right;
  if (left.type !== 'Identifier') {
    fieldNode = right;
    literalNode = left;
    op = FLIPPED[op];
  }
  if (fieldNode.type !== 'Identifier') throw fault('checker.condition.fieldSide');
  const field = sibling((fieldNode as jsep.Identifier).name, siblings);
  const value = literalValue(literalNode);
  if (value === undefined) throw fault('checker.condition.fixedValue', { name: field.name });
  if (op !== '==' && typeof value !== 'number') throw fault('checker.condition.needsNumber', { operator: op });
  if (!siblings) return { kind: 'compare', field: field.name, op, value };
  const expected = comparableType(field);
  if (typeof value !== expected) throw fault(HOLDS[expected], { name: field.name, value: JSON.stringify(value) });
  if (
    fieldTypeOf(field.type).choices === 'options' &&
    !(field.options ?? []).some((option) => option.value === value)
  ) {
    throw fault('checker.condition.notAnOption', { value: String(value), name: field.name });
  }
  return { kind: 'compare', field: field.name, op, value };
}

function literalValue(node: FormulaNode): number | string | boolean | undefined {
  if (node.type === 'Literal') {
    const value = (node as jsep.Literal).value;
    return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : undefined;
  }
  if (node.type === 'UnaryExpression') {
    const unary = node as jsep.UnaryExpression;
    const inner = literalValue(unary.argument);
    if (typeof inner === 'number' && (unary.operator === '-' || unary.operator === '+'))
      return unary.operator === '-' ? -inner : inner;
  }
  return undefined;
}

function comparableType(field: Field): 'number' | 'string' | 'boolean' {
  const { kind } = fieldTypeOf(field.type);
  if (kind === 'array') throw fault('checker.condition.listField', { name: field.name });
  return kind;
}

function sibling(name: string, siblings: readonly Field[] | undefined): Field {
  if (!siblings) return { name, type: 'text', label: sameText(name) };
  const field = siblings.find((candidate) => candidate.name === name);
  if (!field) throw fault('checker.condition.unknownField', { name });
  return field;
}

/** A condition as a plain function of its level's values: compiled once per template version, called per row. */
export type ConditionTest = (values: Record<string, unknown>) => boolean;

/**
 * Compiles a condition into closures, so that judging a row walks no tree and switches on no kind. */
export function conditionTest(condition: Condition): ConditionTest {
  switch (condition.kind) {
    case 'const': {
      const { value } = condition;
      return () => value;
    }
    case 'and': {
      const items = condition.items.map(conditionTest);
      return (values) => items.every((item) => item(values));
    }
    case 'or': {
      const items = condition.items.map(conditionTest);
      return (values) => items.some((item) => item(values));
    }
    case 'not': {
      const item = conditionTest(condition.item);
      return (values) => !item(values);
    }
    case 'flag': {
      const { field } = condition;
      return (values) => own(values, field) === true;
    }
    case 'compare':
      return comparisonTest(condition.field, condition.op, condition.value);
  }
}

/** A field present, of the literal's type (a finite number for a number) and comparing as stated. */
function comparisonTest(field: string, op: Comparison, literal: number | string | boolean): ConditionTest {
  const type = typeof literal;
  const holds = (value: unknown): boolean => {
    if (typeof value !== type || (typeof value === 'number' && !Number.isFinite(value))) return false;
    return op === '==' ? value === literal : inOrder(op, value as number | string | boolean, literal);
  };
  return (values) => holds(own(values, field));
}

const tests = new WeakMap<Condition, ConditionTest>();

/** Evaluates a condition on a level's raw values. */
export function evaluateCondition(condition: Condition, values: Record<string, unknown>): boolean {
  let test = tests.get(condition);
  if (!test) {
    test = conditionTest(condition);
    tests.set(condition, test);
  }
  return test(values);
}

function own(values: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
}

/** Fields a condition reads (for the loader's checks and for clients that re-render on change). */
export function conditionFields(condition: Condition): string[] {
  switch (condition.kind) {
    case 'const':
      return [];
    case 'and':
    case 'or':
      return condition.items.flatMap(conditionFields);
    case 'not':
      return conditionFields(condition.item);
    default:
      return [condition.field];
  }
}
