/**
 * Parsing of formula text into a jsep AST, narrowed to the node kinds the language allows.
 * Everything jsep accepts but the language does not (arrays, `this`, sequences, bitwise
 * operators, prototype names) is refused here, so evaluation never meets it.
 */
import jsep from 'jsep';

export type FormulaNode = jsep.Expression;

/** Longest formula text accepted: keeps the recursive-descent parser far from the stack limit. */
export const MAX_FORMULA_LENGTH = 4000;
/** Deepest AST accepted (nested parentheses, calls, operators). */
export const MAX_FORMULA_DEPTH = 40;

export const BINARY_OPERATORS = new Set([
  '+', '-', '*', '/', '%', '**',
  '==', '!=', '===', '!==', '<', '<=', '>', '>=',
  '&&', '||',
]);
export const UNARY_OPERATORS = new Set(['-', '+', '!']);

/** Names that could reach an object's prototype chain; refused at check time and at run time. */
export const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export class FormulaSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaSyntaxError';
  }
}

/** Parses and structurally checks a formula; throws FormulaSyntaxError with a short, user-facing message. */
export function parseFormula(text: string): FormulaNode {
  if (typeof text !== 'string' || text.trim() === '') throw new FormulaSyntaxError('empty formula');
  if (text.length > MAX_FORMULA_LENGTH) {
    throw new FormulaSyntaxError(`formula longer than ${MAX_FORMULA_LENGTH} characters`);
  }
  if (parenthesisDepth(text) > MAX_FORMULA_DEPTH) {
    throw new FormulaSyntaxError(`formula nested deeper than ${MAX_FORMULA_DEPTH} levels`);
  }
  let ast: FormulaNode;
  try {
    ast = jsep(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new FormulaSyntaxError(`syntax error: ${message}`);
  }
  assertAllowed(ast, 0);
  return ast;
}

// Counted before parsing: jsep recurses once per parenthesis and would overflow the stack first.
function parenthesisDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const char of text) {
    if (char === '(' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === ')' || char === ']') depth--;
  }
  return deepest;
}

function assertAllowed(node: FormulaNode, depth: number): void {
  if (depth > MAX_FORMULA_DEPTH) throw new FormulaSyntaxError(`formula nested deeper than ${MAX_FORMULA_DEPTH} levels`);
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'boolean') {
        throw new FormulaSyntaxError(`literal ${(node as jsep.Literal).raw} is not allowed`);
      }
      return;
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (FORBIDDEN_NAMES.has(name)) throw new FormulaSyntaxError(`'${name}' is not allowed`);
      return;
    }
    case 'ThisExpression':
      throw new FormulaSyntaxError(`'this' is not allowed`);
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (!UNARY_OPERATORS.has(unary.operator)) throw new FormulaSyntaxError(`operator '${unary.operator}' is not allowed`);
      assertAllowed(unary.argument, depth + 1);
      return;
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!BINARY_OPERATORS.has(binary.operator)) {
        throw new FormulaSyntaxError(`operator '${binary.operator}' is not allowed`);
      }
      assertAllowed(binary.left, depth + 1);
      assertAllowed(binary.right, depth + 1);
      return;
    }
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      assertAllowed(conditional.test, depth + 1);
      assertAllowed(conditional.consequent, depth + 1);
      assertAllowed(conditional.alternate, depth + 1);
      return;
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      if (call.callee.type !== 'Identifier') throw new FormulaSyntaxError('only named functions can be called');
      assertAllowed(call.callee, depth + 1);
      for (const argument of call.arguments) assertAllowed(argument, depth + 1);
      return;
    }
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      const key = memberKey(member);
      if (key === undefined) throw new FormulaSyntaxError('computed member access is not allowed');
      if (FORBIDDEN_NAMES.has(key)) throw new FormulaSyntaxError(`'${key}' is not allowed`);
      if (member.optional) throw new FormulaSyntaxError('optional chaining is not allowed');
      assertAllowed(member.object, depth + 1);
      return;
    }
    default:
      throw new FormulaSyntaxError(`${describeNode(node)} is not allowed`);
  }
}

/** The property name of `a.b` or `a['b']`; undefined for any other computed access. */
export function memberKey(member: jsep.MemberExpression): string | undefined {
  if (!member.computed && member.property.type === 'Identifier') return (member.property as jsep.Identifier).name;
  if (member.computed && member.property.type === 'Literal') {
    const value = (member.property as jsep.Literal).value;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function describeNode(node: FormulaNode): string {
  switch (node.type) {
    case 'ArrayExpression':
      return 'an array';
    case 'Compound':
    case 'SequenceExpression':
      return 'a sequence of expressions';
    default:
      return `'${node.type}'`;
  }
}
