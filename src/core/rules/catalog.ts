/**
 * The named rules. Each compiles, for one field, into checks: a test and the message key of its fault. The one
 * validator (validate.ts) runs them on the server and in the form alike.
 */
import { fieldTypeOf, type ValueKind } from '../field-types';
import { checkerText, type CheckerKey, type CheckerParams, type CheckerText } from '../template/checker-messages';
import type { Field, FieldType } from '../template/types';
import { compareDates, isDate, isEmail, isMultipleOf, stringLength } from './checks';
import type { MessageKey, MessageParams } from './messages';
import { parseRule } from './parse';

export type { ValueKind } from '../field-types';

/** The JSON type of a type's (non-null) value: the rules below dispatch on it. */
export function valueKind(type: FieldType): ValueKind {
  return fieldTypeOf(type).kind;
}

export interface Check {
  /** The rule as written in the template, e.g. `min:1`. */
  rule: string;
  /** The JSON type this check constrains; other types pass it (as in JSON Schema). */
  kind: ValueKind;
  /** true when the value (already of `kind`) passes. */
  test: (value: never) => boolean;
  message: MessageKey;
  params: MessageParams;
}

export interface CompiledRules {
  required: boolean;
  checks: Check[];
}

/** Why a rule does not fit its field: a `checker.rule.*` message, worded with the rule as written (`%{rule}`). */
interface RuleFault {
  fault: CheckerKey;
  params?: CheckerParams;
}

type Build = (kind: ValueKind, args: string[], field: Field) => Omit<Check, 'rule'>[] | RuleFault;

const ruleFault = (fault: CheckerKey, params?: CheckerParams): RuleFault => ({ fault, params });

const number = (text: string | undefined): number | undefined => {
  if (text === undefined || !/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
};
const count = (text: string | undefined): number | undefined => {
  const value = number(text);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
};
const isoDate = (text: string | undefined): string | undefined =>
  text !== undefined && isDate(text) ? text : undefined;

const NUMBER_ONLY = ruleFault('checker.rule.numbersOnly');

/** A rule that compiles into one check: `test` on values of `kind`, failing with `message` (and its `params`). */
const oneCheck = (
  kind: ValueKind,
  test: Check['test'],
  message: MessageKey,
  params: MessageParams = {},
): Omit<Check, 'rule'>[] => [{ kind, test, message, params }];

/** What a `min` or `max` rule bounds, by the value's kind: a number itself, a text's length, a list's items. */
const MEASURES = {
  number: (value: number) => value,
  string: (value: string) => stringLength(value),
  array: (value: unknown[]) => value.length,
};

function boundRule(kind: ValueKind, bound: number, message: 'min' | 'max'): Omit<Check, 'rule'>[] | RuleFault {
  if (kind !== 'number' && (!Number.isInteger(bound) || bound < 0))
    return ruleFault(kind === 'array' ? 'checker.rule.needsCountForList' : 'checker.rule.needsCountForText');
  if (kind === 'boolean') return ruleFault('checker.rule.notForYesNo');
  const measure = MEASURES[kind];
  const isMin = message === 'min';
  return oneCheck(
    kind,
    (value: never) => (isMin ? measure(value) >= bound : measure(value) <= bound),
    `${message}.${kind}`,
    isMin ? { min: bound } : { max: bound },
  );
}

interface RuleDefinition {
  /** Number of arguments; `pattern` takes its raw text as one. */
  arity: number;
  build: Build;
}

export const RULES: Readonly<Record<string, RuleDefinition>> = Object.freeze({
  required: {
    arity: 0,
    build: (kind) => {
      // Presence is enforced through the parent object's `required`; empty text and lists also count as missing.
      if (kind === 'string') return oneCheck(kind, (value: string) => value.length > 0, 'required');
      if (kind === 'array') return oneCheck(kind, (value: unknown[]) => value.length > 0, 'required');
      return [];
    },
  },
  min: {
    arity: 1,
    build: (kind, [arg]) => {
      const bound = number(arg);
      return bound === undefined ? ruleFault('checker.rule.needsNumber', { arg }) : boundRule(kind, bound, 'min');
    },
  },
  max: {
    arity: 1,
    build: (kind, [arg]) => {
      const bound = number(arg);
      return bound === undefined ? ruleFault('checker.rule.needsNumber', { arg }) : boundRule(kind, bound, 'max');
    },
  },
  between: {
    arity: 2,
    build: (kind, [low, high]) => {
      if (kind !== 'number') return NUMBER_ONLY;
      const min = number(low);
      const max = number(high);
      if (min === undefined || max === undefined)
        return ruleFault('checker.rule.needsTwoNumbers', { arg: `${low},${high}` });
      if (min > max) return ruleFault('checker.rule.smallerFirst', { arg: `${low},${high}` });
      return oneCheck(kind, (value: number) => value >= min && value <= max, 'between', { min, max });
    },
  },
  integer: {
    arity: 0,
    build: (kind) => (kind !== 'number' ? NUMBER_ONLY : stepRule(kind, 1, 'integer', {})),
  },
  decimals: {
    arity: 1,
    build: (kind, [arg]) => {
      if (kind !== 'number') return NUMBER_ONLY;
      const digits = count(arg);
      if (digits === undefined || digits > 9) return ruleFault('checker.rule.needsDigits', { arg });
      const step = Number(`1e-${digits}`);
      return stepRule(kind, step, 'decimals', { n: digits });
    },
  },
  multipleOf: {
    arity: 1,
    build: (kind, [arg]) => {
      if (kind !== 'number') return NUMBER_ONLY;
      const step = number(arg);
      if (step === undefined || step <= 0) return ruleFault('checker.rule.needsPositive', { arg });
      return stepRule(kind, step, 'multipleOf', { n: step });
    },
  },
  minLength: { arity: 1, build: (kind, [arg]) => lengthRule(kind, arg, 'min') },
  maxLength: { arity: 1, build: (kind, [arg]) => lengthRule(kind, arg, 'max') },
  minItems: { arity: 1, build: (kind, [arg]) => itemsRule(kind, arg, 'min') },
  maxItems: { arity: 1, build: (kind, [arg]) => itemsRule(kind, arg, 'max') },
  pattern: {
    arity: 1,
    build: (kind, [source], field) => {
      if (kind !== 'string' || !isTextField(field.type)) return ruleFault('checker.rule.textOnly');
      let regex: RegExp;
      try {
        // With the `u` flag, as JSON Schema's `pattern` (and the template editor's preview) reads it.
        regex = new RegExp(source, 'u');
      } catch (error) {
        return ruleFault('checker.rule.invalidPattern', {
          detail: error instanceof Error ? error.message : String(error),
        });
      }
      // No message of its own: what a pattern means is the template's business, so "{field} is not valid."
      return oneCheck(kind, (value: string) => regex.test(value), 'invalid');
    },
  },
  email: { arity: 0, build: textTest(isTextField, 'checker.rule.textOnly', isEmail, 'email') },
  date: { arity: 0, build: textTest(readsDates, 'checker.rule.textOrDateOnly', isDate, 'date') },
  after: { arity: 1, build: (kind, [arg], field) => dateLimit(kind, arg, field, 'after') },
  before: { arity: 1, build: (kind, [arg], field) => dateLimit(kind, arg, field, 'before') },
});

/** Each rule's number of arguments, for editors that build a rule from its parts (`pattern` takes its raw text as one). */
export const RULE_ARITY: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(Object.entries(RULES).map(([name, rule]) => [name, rule.arity])),
);

/** A number that must be a multiple of `step` (whole numbers: 1); `message` and `params` say which rule asked. */
function stepRule(
  kind: ValueKind,
  step: number,
  message: 'integer' | 'decimals' | 'multipleOf',
  params: Check['params'],
): Omit<Check, 'rule'>[] {
  return oneCheck(kind, (value: number) => isMultipleOf(value, step), message, params);
}

function isTextField(type: FieldType): boolean {
  return fieldTypeOf(type).text === 'free';
}

/** A date rule reads a typed-in text: a date field's, or a free text that must hold a date. */
function readsDates(type: FieldType): boolean {
  return fieldTypeOf(type).text !== undefined;
}

/** A rule that holds a typed-in text to one test, on the fields whose text `reads` it (else `fault`). */
function textTest(
  reads: (type: FieldType) => boolean,
  fault: CheckerKey,
  test: (value: string) => boolean,
  message: MessageKey,
): Build {
  return (kind, _args, field) =>
    kind !== 'string' || !reads(field.type) ? ruleFault(fault) : oneCheck(kind, test, message);
}

function lengthRule(kind: ValueKind, arg: string, which: 'min' | 'max') {
  if (kind !== 'string') return ruleFault('checker.rule.textOnly');
  const bound = count(arg);
  return bound === undefined ? ruleFault('checker.rule.needsCount', { arg }) : boundRule(kind, bound, which);
}

function itemsRule(kind: ValueKind, arg: string, which: 'min' | 'max') {
  if (kind !== 'array') return ruleFault('checker.rule.listOnly');
  const bound = count(arg);
  return bound === undefined ? ruleFault('checker.rule.needsCount', { arg }) : boundRule(kind, bound, which);
}

function dateLimit(kind: ValueKind, arg: string, field: Field, which: 'after' | 'before') {
  if (kind !== 'string' || !readsDates(field.type)) return ruleFault('checker.rule.dateOnly');
  const limit = isoDate(arg);
  if (limit === undefined) return ruleFault('checker.rule.needsDate', { arg });
  const after = which === 'after';
  // Mirrors ajv-formats: only a comparison that clearly fails fails (invalid dates are the format's business).
  const test = (value: string) => {
    const order = compareDates(value, limit);
    return order === undefined || (after ? !(order <= 0) : !(order >= 0));
  };
  return oneCheck(kind, test, which, { date: limit });
}

export interface RuleError extends CheckerText {
  /** Index of the rule in `field.rules`. */
  index: number;
}

/** Compiles a field's rules; unknown rules and bad arguments are reported, never ignored. */
export function compileRules(field: Field): { rules: CompiledRules; errors: RuleError[] } {
  const kind = valueKind(field.type);
  const rules: CompiledRules = { required: false, checks: [] };
  const errors: RuleError[] = [];
  (field.rules ?? []).forEach((text, index) => {
    const parsed = parseRule(text);
    const definition = Object.prototype.hasOwnProperty.call(RULES, parsed.name) ? RULES[parsed.name] : undefined;
    if (!definition) {
      errors.push({ index, ...checkerText('checker.rule.unknown', { name: parsed.name }) });
      return;
    }
    if (parsed.args.length !== definition.arity || (definition.arity === 0 && parsed.raw !== undefined)) {
      errors.push({
        index,
        ...checkerText('checker.rule.arity', { name: parsed.name, rule: text, smart_count: definition.arity }),
      });
      return;
    }
    const built = definition.build(kind, parsed.args, field);
    if (!Array.isArray(built)) {
      errors.push({ index, ...checkerText(built.fault, { ...built.params, rule: text }) });
      return;
    }
    if (parsed.name === 'required') rules.required = true;
    for (const check of built) rules.checks.push({ ...check, rule: text });
  });
  return { rules, errors };
}
