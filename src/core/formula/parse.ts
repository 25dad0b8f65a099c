/**
 * Parsing of formula text into a jsep AST, narrowed to the node kinds the language allows.
 * Everything jsep accepts but the language does not (arrays, `this`, sequences, bitwise
 * operators, prototype names) is refused here, so evaluation never meets it.
 */
import jsep from 'jsep';
import { CheckerFault, checkerText, type CheckerKey, type CheckerParams } from '../template/checker-messages';

export type FormulaNode = jsep.Expression;

/** Longest formula text accepted: keeps the recursive-descent parser far from the stack limit. */
export const MAX_FORMULA_LENGTH = 4000;
/** Deepest AST accepted (nested parentheses, calls, operators). */
export const MAX_FORMULA_DEPTH = 40;

export const BINARY_OPERATORS = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '**',
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
]);
export const UNARY_OPERATORS = new Set(['-', '+', '!']);

/** Names that could reach an object's prototype chain; refused at check time and at run time. */
export const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export class FormulaSyntaxError extends CheckerFault {
  constructor(key: CheckerKey, params: CheckerParams = {}) {
    super(checkerText(key, params));
    this.name = 'FormulaSyntaxError';
  }
}

/** Parses and structurally checks a formula; throws FormulaSyntaxError with a short, user-facing message. */
export function parseFormula(text: string): FormulaNode {
  if (typeof text !== 'string' || text.trim() === '') throw new FormulaSyntaxError('checker.formula.empty');
  if (text.length > MAX_FORMULA_LENGTH) {
    throw new FormulaSyntaxError('checker.formula.tooLong', { smart_count: MAX_FORMULA_LENGTH });
  }
  if (parenthesisDepth(text) > MAX_FORMULA_DEPTH) {
    throw new FormulaSyntaxError('checker.formula.tooDeep', { smart_count: MAX_FORMULA_DEPTH });
  }
  let ast: FormulaNode;
  try {
    ast = jsep(text);
  } catch (error) {
    throw syntaxFault(error, text);
  }
  assertAllowed(ast, 0);
  return ast;
}

/**
 * jsep's English ("Expected ) at character 23") as a message of the reader's language: its description is matched to
 * a message key, its 0-based index becomes the 1-based position an admin counts.
 */
function syntaxFault(error: unknown, formula: string): FormulaSyntaxError {
  const { description, index } = error as { description?: unknown; index?: unknown };
  const position = typeof index === 'number' ? index + 1 : 0;
  const text = typeof description === 'string' ? description : '';
  let match: RegExpExecArray | null;
  if ((match = /^Expected expression after (.+)$/.exec(text)))
    return new FormulaSyntaxError('checker.formula.syntaxOperand', { operator: match[1], position });
  if (text === 'missing unaryOp argument' || text === 'Expected expression')
    return new FormulaSyntaxError('checker.formula.syntaxExpression', { position });
  if ((match = /^Unclosed ([[(])$/.exec(text)))
    return new FormulaSyntaxError('checker.formula.syntaxUnclosed', {
      bracket: match[1],
      position: unclosedAt(formula, match[1]) ?? position,
    });
  if (text.startsWith('Unclosed quote')) return new FormulaSyntaxError('checker.formula.syntaxQuote', { position });
  if (text.startsWith('Expected exponent') || text.startsWith('Variable names cannot start with a number'))
    return new FormulaSyntaxError('checker.formula.syntaxNumber', { position });
  if (text === 'Expected comma') return new FormulaSyntaxError('checker.formula.syntaxComma', { position });
  if ((match = /^Expected (.)$/.exec(text)))
    return new FormulaSyntaxError('checker.formula.syntaxExpected', { sign: match[1], position });
  if ((match = /^Unexpected (?:token )?"?(.+?)"?$/.exec(text)))
    return new FormulaSyntaxError('checker.formula.syntaxUnexpected', {
      sign: match[1] === 'period' ? '.' : match[1],
      position,
    });
  return new FormulaSyntaxError('checker.formula.syntax', { position });
}

/** The 1-based position of the last opening bracket that is never closed (jsep reports where the text ends). */
function unclosedAt(formula: string, bracket: string): number | undefined {
  const closing = bracket === '(' ? ')' : ']';
  const open: number[] = [];
  let quote: string | undefined;
  [...formula].forEach((char, index) => {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === bracket) open.push(index);
    else if (char === closing) open.pop();
  });
  const last = open.at(-1);
  return last === undefined ? undefined : last + 1;
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
  if (depth > MAX_FORMULA_DEPTH)
    throw new FormulaSyntaxError('checker.formula.tooDeep', { smart_count: MAX_FORMULA_DEPTH });
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'boolean') {
        throw new FormulaSyntaxError('checker.formula.literalNotAllowed', { literal: (node as jsep.Literal).raw });
      }
      return;
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (FORBIDDEN_NAMES.has(name)) throw new FormulaSyntaxError('checker.formula.nameNotAllowed', { name });
      return;
    }
    case 'ThisExpression':
      throw new FormulaSyntaxError('checker.formula.nameNotAllowed', { name: 'this' });
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (!UNARY_OPERATORS.has(unary.operator))
        throw new FormulaSyntaxError('checker.formula.operatorNotAllowed', { operator: unary.operator });
      assertAllowed(unary.argument, depth + 1);
      return;
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!BINARY_OPERATORS.has(binary.operator)) {
        throw new FormulaSyntaxError('checker.formula.operatorNotAllowed', { operator: binary.operator });
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
      if (call.callee.type !== 'Identifier') throw new FormulaSyntaxError('checker.formula.namedCallsOnly');
      assertAllowed(call.callee, depth + 1);
      for (const argument of call.arguments) assertAllowed(argument, depth + 1);
      return;
    }
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      const key = memberKey(member);
      if (key === undefined) throw new FormulaSyntaxError('checker.formula.computedMember');
      if (FORBIDDEN_NAMES.has(key)) throw new FormulaSyntaxError('checker.formula.nameNotAllowed', { name: key });
      if (member.optional) throw new FormulaSyntaxError('checker.formula.optionalChaining');
      assertAllowed(member.object, depth + 1);
      return;
    }
    default:
      throw notAllowed(node);
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

function notAllowed(node: FormulaNode): FormulaSyntaxError {
  switch (node.type) {
    case 'ArrayExpression':
      return new FormulaSyntaxError('checker.formula.arrayNotAllowed');
    case 'Compound':
    case 'SequenceExpression':
      return new FormulaSyntaxError('checker.formula.sequenceNotAllowed');
    default:
      return new FormulaSyntaxError('checker.formula.nameNotAllowed', { name: node.type });
  }
}
