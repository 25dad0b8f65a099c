/**
 * Static checks of a parsed formula against a template: unknown identifiers and functions,
 * arity, the argument kinds of factor/option/sum/count, and which results it depends on
 * (for cycle detection). Run by the template loader so faults surface at load time.
 */
import type jsep from 'jsep';
import { fieldTypeOf } from '../field-types';
import { isEnergyFigure, isMachineFigure, MACHINE_FIGURE_NAMES } from '../production';
import { FUNCTIONS, isFunctionName } from './functions';
import { memberKey, type FormulaNode } from './parse';
import { checkerText, type CheckerText } from '../template/checker-messages';
import type { Field } from '../template/types';
import { findField, type FormulaScope } from './scope';

export interface FormulaCheck {
  errors: CheckerText[];
  /** Result names referenced (directly). */
  resultRefs: Set<string>;
  /** Option data the formula reads, `option('field').key`: the figures whose sources the template checker asks for. */
  optionReads: { field: Field; key: string }[];
  /** Factor keys the formula names literally, `factor('paper_virgin')`; a field's factor is known at run time only. */
  factorKeys: Set<string>;
  /** Functions the formula calls, e.g. `energy`: what it may read of the machine set besides machines. */
  calls: Set<string>;
}

export function checkFormula(ast: FormulaNode, scope: FormulaScope): FormulaCheck {
  const check: FormulaCheck = {
    errors: [],
    resultRefs: new Set(),
    optionReads: [],
    factorKeys: new Set(),
    calls: new Set(),
  };
  visit(ast, scope, check);
  return check;
}

function visit(node: FormulaNode, scope: FormulaScope, check: FormulaCheck): void {
  switch (node.type) {
    case 'Literal':
      return;
    case 'Identifier':
      return visitIdentifier((node as jsep.Identifier).name, scope, check);
    case 'UnaryExpression':
      return visit((node as jsep.UnaryExpression).argument, scope, check);
    case 'BinaryExpression':
      visit((node as jsep.BinaryExpression).left, scope, check);
      return visit((node as jsep.BinaryExpression).right, scope, check);
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      visit(conditional.test, scope, check);
      visit(conditional.consequent, scope, check);
      return visit(conditional.alternate, scope, check);
    }
    case 'MemberExpression':
      return visitMember(node as jsep.MemberExpression, scope, check);
    case 'CallExpression':
      return visitCall(node as jsep.CallExpression, scope, check);
    default:
      check.errors.push(checkerText('checker.formula.nameNotAllowed', { name: node.type }));
  }
}

function visitIdentifier(name: string, scope: FormulaScope, check: FormulaCheck): void {
  if (findField(scope, name) || scope.constants.has(name)) return;
  if (scope.results.has(name)) {
    check.resultRefs.add(name);
    return;
  }
  if (scope.groups.has(name)) {
    check.errors.push(checkerText('checker.formula.groupOutsideAggregate', { name }));
    return;
  }
  if (isFunctionName(name)) {
    check.errors.push(checkerText('checker.formula.functionNotCalled', { name }));
    return;
  }
  check.errors.push(checkerText('checker.formula.unknownIdentifier', { name }));
}

function visitMember(member: jsep.MemberExpression, scope: FormulaScope, check: FormulaCheck): void {
  const key = memberKey(member) ?? '';
  const object = member.object;
  const isOptionCall =
    object.type === 'CallExpression' &&
    (object as jsep.CallExpression).callee.type === 'Identifier' &&
    ((object as jsep.CallExpression).callee as jsep.Identifier).name === 'option';
  if (!isOptionCall) {
    check.errors.push(checkerText('checker.formula.memberOnlyOnOption', { key }));
    visit(object, scope, check);
    return;
  }
  const before = check.errors.length;
  visit(object, scope, check);
  if (check.errors.length > before) return;
  const fieldName = optionFieldName((object as jsep.CallExpression).arguments[0]);
  const field = fieldName === undefined ? undefined : findField(scope, fieldName);
  // Every option must carry the key: which option the user picks is only known at run time.
  const lacking = (field?.options ?? []).filter(
    (option) => !option.data || !Object.prototype.hasOwnProperty.call(option.data, key),
  );
  if (lacking.length) {
    const options = lacking.map((option) => `'${option.value}'`).join(', ');
    check.errors.push(
      checkerText('checker.formula.optionDataMissing', {
        options,
        field: fieldName ?? '',
        key,
        smart_count: lacking.length,
      }),
    );
  }
  if (field) check.optionReads.push({ field, key });
}

/** `option(format)` and `option('format')` both name the field. */
export function optionFieldName(argument: FormulaNode | undefined): string | undefined {
  if (!argument) return undefined;
  if (argument.type === 'Identifier') return (argument as jsep.Identifier).name;
  if (argument.type === 'Literal' && typeof (argument as jsep.Literal).value === 'string') {
    return (argument as jsep.Literal).value as string;
  }
  return undefined;
}

function visitCall(call: jsep.CallExpression, scope: FormulaScope, check: FormulaCheck): void {
  const name = (call.callee as jsep.Identifier).name;
  if (!isFunctionName(name)) {
    if (findField(scope, name) || scope.results.has(name) || scope.groups.has(name) || scope.constants.has(name)) {
      check.errors.push(checkerText('checker.formula.notAFunction', { name }));
    } else {
      check.errors.push(checkerText('checker.unknownFunction', { name }));
    }
    return;
  }
  check.calls.add(name);
  const signature = FUNCTIONS[name];
  const count = call.arguments.length;
  if (count < signature.minArgs || count > signature.maxArgs) {
    const params = { name, got: count, usage: signature.usage };
    if (signature.minArgs === signature.maxArgs)
      check.errors.push(checkerText('checker.formula.arityExact', { ...params, smart_count: signature.minArgs }));
    else if (signature.maxArgs === Infinity)
      check.errors.push(checkerText('checker.formula.arityAtLeast', { ...params, smart_count: signature.minArgs }));
    else
      check.errors.push(
        checkerText('checker.formula.arityRange', {
          ...params,
          min: signature.minArgs,
          smart_count: signature.maxArgs,
        }),
      );
    return;
  }
  const [first, second] = call.arguments;
  switch (name) {
    case 'factor':
      return checkFactorArgument(first, scope, check);
    case 'machine': {
      checkFieldArgument(first, 'machine', scope, check);
      const figure = stringLiteral(second);
      if (figure === undefined || !isMachineFigure(figure)) {
        const figures = MACHINE_FIGURE_NAMES.join(', ');
        check.errors.push(
          figure === undefined
            ? checkerText('checker.formula.machineFigureNeeded', { figures })
            : checkerText('checker.formula.machineFigureUnknown', { figures, figure }),
        );
      }
      return;
    }
    case 'chosen': {
      const fieldName = first.type === 'Identifier' ? (first as jsep.Identifier).name : undefined;
      if (fieldName === undefined || !findField(scope, fieldName))
        check.errors.push(checkerText('checker.formula.chosenFieldNeeded'));
      return;
    }
    case 'has': {
      const field = first.type === 'Identifier' ? findField(scope, (first as jsep.Identifier).name) : undefined;
      if (!field || fieldTypeOf(field.type).kind !== 'array' || stringLiteral(second) === undefined)
        check.errors.push(checkerText('checker.formula.hasNeedsList'));
      return;
    }
    case 'energy': {
      const figure = stringLiteral(first);
      if (figure === undefined) check.errors.push(checkerText('checker.formula.energyFigureNeeded'));
      else if (!isEnergyFigure(figure))
        check.errors.push(checkerText('checker.formula.energyFigureUnknown', { figure }));
      return;
    }
    case 'option':
      return checkFieldArgument(first, 'select', scope, check);
    case 'sum': {
      const group = groupArgument(first, scope);
      if (!group) {
        check.errors.push(checkerText('checker.formula.sumNeedsGroup'));
        return;
      }
      return visit(second, { ...scope, item: group }, check);
    }
    case 'count': {
      if (groupArgument(first, scope)) return;
      const field = first.type === 'Identifier' ? findField(scope, (first as jsep.Identifier).name) : undefined;
      if (field && fieldTypeOf(field.type).kind === 'array') return;
      check.errors.push(checkerText('checker.formula.countNeedsGroup'));
      return;
    }
    default:
      for (const argument of call.arguments) visit(argument, scope, check);
  }
}

function stringLiteral(node: FormulaNode | undefined): string | undefined {
  return node?.type === 'Literal' && typeof (node as jsep.Literal).value === 'string'
    ? ((node as jsep.Literal).value as string)
    : undefined;
}

function groupArgument(node: FormulaNode, scope: FormulaScope) {
  if (node.type !== 'Identifier' || scope.item) return undefined;
  return scope.groups.get((node as jsep.Identifier).name);
}

/** The first argument of machine() and option(): a field of `type`, named as such. */
function checkFieldArgument(
  argument: FormulaNode,
  type: 'machine' | 'select',
  scope: FormulaScope,
  check: FormulaCheck,
): void {
  const fieldName = optionFieldName(argument);
  const field = fieldName === undefined ? undefined : findField(scope, fieldName);
  if (field?.type === type) return;
  check.errors.push(
    fieldName === undefined
      ? checkerText(`checker.formula.${type}FieldNeededExpression`)
      : checkerText(`checker.formula.${type}FieldNeeded`, { name: fieldName }),
  );
}

function checkFactorArgument(argument: FormulaNode, scope: FormulaScope, check: FormulaCheck): void {
  if (argument.type === 'Literal' && typeof (argument as jsep.Literal).value === 'string') {
    const key = (argument as jsep.Literal).value as string;
    check.factorKeys.add(key);
    if (scope.factorKeys && !scope.factorKeys.has(key))
      check.errors.push(checkerText('checker.formula.unknownFactor', { key }));
    return;
  }
  if (argument.type === 'Identifier') {
    const name = (argument as jsep.Identifier).name;
    const field = findField(scope, name);
    if (field?.type === 'factor') return;
    if (field?.type === 'select') return checkOptionFactors(field, scope, check);
    check.errors.push(checkerText('checker.formula.factorArgument', { name }));
    return;
  }
  check.errors.push(checkerText('checker.formula.factorArgumentExpression'));
}

/** `factor(select)`: every option names its factor (the user's pick is known only at run time), each one known. */
function checkOptionFactors(field: Field, scope: FormulaScope, check: FormulaCheck): void {
  const options = field.options ?? [];
  const lacking = options.filter((option) => !option.factor);
  if (lacking.length) {
    check.errors.push(
      checkerText('checker.formula.optionFactorMissing', {
        field: field.name,
        options: lacking.map((option) => `'${option.value}'`).join(', '),
        smart_count: lacking.length,
      }),
    );
  }
  if (!scope.factorKeys) return;
  for (const option of options)
    if (option.factor && !scope.factorKeys.has(option.factor))
      check.errors.push(checkerText('checker.formula.unknownFactor', { key: option.factor }));
}
