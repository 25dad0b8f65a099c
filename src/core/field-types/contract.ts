/**
 * What a field type is, everywhere the server and the client meet it: the test of a value,
 * how a CSV cell reads, what a formula sees, how provenance and the comparison tell a value. One file per type in
 * this folder gives all of it, and the files are the list of types (`npm run schemas:meta` writes FIELD_TYPES from
 * them); index.ts is the registry, typed `Record<FieldType, CoreFieldType>`. This module sits below rules, csv and
 * formula: it imports none of them but their leaf helpers.
 */
import type { Language, LocalizedText } from '../languages';
import type { MessageKey, MessageParams } from '../rules/messages';
import type { CellContext, CellResult } from '../csv/cells';
import type { Field, OptionData } from '../template/types';
import type { UnitCatalog } from '../template/units';

/** The JSON type a field's (non-null) value has: the named rules (rules/catalog.ts) dispatch on it. */
export type ValueKind = 'string' | 'number' | 'array' | 'boolean';

export interface FieldFault {
  message: MessageKey;
  params: MessageParams;
  /** The rule that failed, absent for type faults. */
  rule?: string;
}

export interface InputCheckOptions {
  /** Factor keys offered per category (from the factor database in use); unchecked when absent. */
  factorKeys?: Readonly<Record<string, readonly string[]>>;
  /** Machine keys offered per kind (from the machine set in use); unchecked when absent. */
  machineKeys?: Readonly<Record<string, readonly string[]>>;
}

/** A value as formulas see it. */
export type FormulaValue = number | string | boolean | string[] | OptionData;

/** The words an input's value may need (`calculations.provenance.<word>`). */
export type InputWord = 'not_given' | 'unknown' | 'yes' | 'no';

/** What telling a value in provenance words needs: the calculation's factors and machines, the reader's language. */
export interface WordsContext {
  lang: Language;
  units: UnitCatalog | undefined;
  /** The factors the calculation used (their labels name a factor field's choice). */
  factors: readonly { key: string; label?: LocalizedText }[];
  /** The machines the calculation used (their names name a machine field's choice). */
  production: readonly { machine?: string; name: string }[];
  say(word: InputWord): string;
}

/** What the comparison of calculations needs to tell a value (on screen and in its CSV). */
export interface ComparisonContext {
  lang: Language;
  units: UnitCatalog | undefined;
  yes: string;
  no: string;
  /** Decimals a number is shown with. */
  digits: number;
  /** The label of a factor key as the compared calculation used it. */
  factorLabel(key: string): string;
}

/**
 * Where a field's values are chosen from: its own `options` (the meta-schema requires them), the factors of its
 * `category`, or the machines of its `machineKind`. A type without it takes what is typed in.
 */
type ChoiceSource = 'options' | 'factors' | 'machines';

export interface CoreFieldType {
  /**
   * The JSON type of a present value. What follows from it alone: a number column's decimal separator is detected
   * on import, a list is tested with has()/count() and cannot be a condition, a yes/no is a condition by itself.
   */
  readonly kind: ValueKind;
  /** Where the value is chosen from; absent: it is typed in. */
  readonly choices?: ChoiceSource;
  /**
   * A typed-in text (kind 'string'): free text is searched by its words in a list filter and read by the text rules
   * (e-mail, pattern, date); a date is read by the date rules only.
   */
  readonly text?: 'free' | 'date';
  /**
   * A customer may set it in a storefront's small form. The widget (src/storefront) draws three controls, picked from
   * the wire format, not the type: a yes/no box, a list of choices, a number input; such a type must fit one.
   */
  readonly customer?: boolean;
  /**
   * What the template-authoring guide says of the type (docs/template-authoring.md, `npm run docs:guide`), in English
   * for authors: the value a field of it holds, and how a CSV import cell writes it.
   */
  readonly guide: { readonly value: string; readonly csv: string };
  /** The example a template's CSV shows for the field when it has no default (absent: an empty cell). */
  example?(field: Field, lang: Language): string | number;
  /** The fault of a present, non-null value's type, or undefined (rules/field-value.ts adds the rule checks). */
  typeFault(field: Field, value: unknown, options: InputCheckOptions): FieldFault | undefined;
  /** A trimmed, non-empty CSV cell as the field's value. */
  parseCell(field: Field, text: string, context: CellContext): CellResult;
  formula: {
    /** The value formulas read when the input and the default are absent; without it that is a missing input. */
    empty?(): FormulaValue;
    /** Whether a given value is of the type formulas expect. */
    accepts(value: unknown): value is FormulaValue;
    /** What the value should have been, for the fault `'<field>' is not <what>`. */
    what: string;
  };
  /** A present value as the form showed it, in provenance words. */
  words(field: Field, value: unknown, context: WordsContext): string;
  comparison: {
    /** A present value's text in the comparison (and its CSV). */
    text(field: Field, value: unknown, context: ComparisonContext): string;
    /** Whether a number value is also compared as a bare number (the CSV writes it, the unit apart). */
    numeric: boolean;
  };
}
