/**
 * Every message the template checker gives, by its key in `locales/<lang>.json` (`checker.*`). The checker builds its
 * faults only through `checkerText`, which takes these keys alone, so a fault cannot name a text the locales lack:
 * `tests/unit/template/checker-keys.test.ts` checks this list against all five languages. Readers get a fault
 * worded in their language (`wordChecker`); `message` is the wording for logs and the command line (English on the server).
 */
import { translate } from '../i18n/translate';
import type { Language } from '../languages';

export const CHECKER_KEYS = [
  'checker.invalidJson',
  'checker.files.folderUnreadable',
  'checker.files.fileUnreadable',
  'checker.unknownFunction',
  'checker.unknownIcon',
  'checker.unknownUnit',
  'checker.optionDataUnsourced',
  'checker.schema.missingProperty',
  'checker.schema.unknownProperty',
  'checker.schema.oneOf',
  'checker.schema.reservedName',
  'checker.schema.type.string',
  'checker.schema.type.number',
  'checker.schema.type.integer',
  'checker.schema.type.boolean',
  'checker.schema.type.object',
  'checker.schema.type.array',
  'checker.schema.minLength',
  'checker.schema.minItems',
  'checker.schema.minimum',
  'checker.schema.pattern',
  'checker.schema.const',
  'checker.schema.uniqueItems',
  'checker.schema.propertyName',
  'checker.schema.anyOf',
  'checker.schema.invalid',
  'checker.notObject',
  'checker.names.fieldTaken',
  'checker.names.groupTaken',
  'checker.names.resultTaken',
  'checker.names.constantTaken',
  'checker.names.idNotFileName',
  'checker.names.versionNotFileName',
  'checker.names.duplicateVersion',
  'checker.method.unknownStage',
  'checker.method.stageTwice',
  'checker.method.unknownResult',
  'checker.method.resultTwice',
  'checker.group.twice',
  'checker.group.minAboveMax',
  'checker.group.minMaxNotRepeatable',
  'checker.group.fieldTwice',
  'checker.group.fieldShadows',
  'checker.field.dependsOnItself',
  'checker.field.optionsMissing',
  'checker.field.optionsNotAllowed',
  'checker.field.optionTwice',
  'checker.field.unknownCategory',
  'checker.field.categoryNotAllowed',
  'checker.field.machineKindNotAllowed',
  'checker.default.breaksRule',
  'checker.default.notAFactor',
  'checker.default.wrongType',
  'checker.results.selfReference',
  'checker.results.primary',
  'checker.results.cycle',
  'checker.references.unknownColumn',
  'checker.references.unknownField',
  'checker.rule.unknown',
  'checker.rule.arity',
  'checker.rule.numbersOnly',
  'checker.rule.textOnly',
  'checker.rule.textOrDateOnly',
  'checker.rule.dateOnly',
  'checker.rule.listOnly',
  'checker.rule.notForYesNo',
  'checker.rule.needsNumber',
  'checker.rule.needsCountForList',
  'checker.rule.needsCountForText',
  'checker.rule.needsCount',
  'checker.rule.needsTwoNumbers',
  'checker.rule.smallerFirst',
  'checker.rule.needsDigits',
  'checker.rule.needsPositive',
  'checker.rule.invalidPattern',
  'checker.rule.needsDate',
  'checker.formula.empty',
  'checker.formula.tooLong',
  'checker.formula.tooDeep',
  'checker.formula.syntax',
  'checker.formula.syntaxOperand',
  'checker.formula.syntaxExpression',
  'checker.formula.syntaxUnclosed',
  'checker.formula.syntaxQuote',
  'checker.formula.syntaxNumber',
  'checker.formula.syntaxComma',
  'checker.formula.syntaxExpected',
  'checker.formula.syntaxUnexpected',
  'checker.formula.optionFactorMissing',
  'checker.formula.literalNotAllowed',
  'checker.formula.nameNotAllowed',
  'checker.formula.operatorNotAllowed',
  'checker.formula.namedCallsOnly',
  'checker.formula.computedMember',
  'checker.formula.optionalChaining',
  'checker.formula.arrayNotAllowed',
  'checker.formula.sequenceNotAllowed',
  'checker.formula.groupOutsideAggregate',
  'checker.formula.functionNotCalled',
  'checker.formula.unknownIdentifier',
  'checker.formula.memberOnlyOnOption',
  'checker.formula.optionDataMissing',
  'checker.formula.notAFunction',
  'checker.formula.arityExact',
  'checker.formula.arityAtLeast',
  'checker.formula.arityRange',
  'checker.formula.machineFieldNeeded',
  'checker.formula.machineFieldNeededExpression',
  'checker.formula.machineFigureNeeded',
  'checker.formula.machineFigureUnknown',
  'checker.formula.energyFigureNeeded',
  'checker.formula.chosenFieldNeeded',
  'checker.formula.hasNeedsList',
  'checker.formula.energyFigureUnknown',
  'checker.formula.selectFieldNeeded',
  'checker.formula.selectFieldNeededExpression',
  'checker.formula.sumNeedsGroup',
  'checker.formula.countNeedsGroup',
  'checker.formula.unknownFactor',
  'checker.formula.factorArgument',
  'checker.formula.factorArgumentExpression',
  'checker.condition.notTrueFalse',
  'checker.condition.notYesNo',
  'checker.condition.operator',
  'checker.condition.shape',
  'checker.condition.fieldSide',
  'checker.condition.fixedValue',
  'checker.condition.needsNumber',
  'checker.condition.holdsText',
  'checker.condition.holdsNumber',
  'checker.condition.holdsBoolean',
  'checker.condition.notAnOption',
  'checker.condition.listField',
  'checker.condition.unknownField',
  'checker.condition.otherLevel',
] as const;

export type CheckerKey = (typeof CHECKER_KEYS)[number];

/** Values for a message's placeholders; `smart_count` picks the plural form where a count appears. */
export type CheckerParams = Record<string, string | number>;

/** One checker message: its key and the values it is worded with. */
export interface CheckerText {
  key: CheckerKey;
  params: CheckerParams;
  /** The wording for logs and the command line: English where English is loaded (the server and the tests load it). */
  message: string;
}

export function checkerText(key: CheckerKey, params: CheckerParams = {}): CheckerText {
  return { key, params, message: translate('en', key, params) };
}

/** The message as the reader of `language` reads it. */
export function wordChecker(text: Pick<CheckerText, 'key' | 'params'>, language: Language): string {
  return translate(language, text.key, text.params);
}

/** A checker message thrown from deep inside a check (formula parser, condition compiler); its `message` is `text.message`. */
export class CheckerFault extends Error {
  constructor(readonly text: CheckerText) {
    super(text.message);
    this.name = 'CheckerFault';
  }
}
