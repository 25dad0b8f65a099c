/** What several field types share: faults, option values, texts of numbers and lists. */
import type { Language } from '../languages';
import { formatNumber } from '../number-format';
import type { MessageKey } from '../rules/messages';
import { fieldNumberOptions } from '../template/number-display';
import { optionLabel } from '../template/option-label';
import type { Field } from '../template/types';
import { localizeUnit, type UnitCatalog } from '../template/units';
import type { FieldFault, FormulaValue } from './contract';

// Module level, not a closure per call: imports check every field of every row.
export function fault(message: MessageKey): FieldFault {
  return { message, params: {} };
}

export function optionValues(field: Field): string[] {
  return (field.options ?? []).map((option) => option.value);
}

/** A key as words when nothing better is known: `lamination_film` → "lamination film". */
export const readable = (key: string) => key.replace(/[_-]+/g, ' ').trim();

export const isText = (value: unknown): value is string => typeof value === 'string';

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && !value.some((entry) => typeof entry !== 'string');

export const emptyList = (): FormulaValue => [];

/** A key of a factor or machine the options offer (unchecked when they offer none). */
export function keyFault(value: unknown, keys: readonly string[] | undefined, message: MessageKey) {
  if (typeof value !== 'string' || value.length === 0) return fault(message);
  return keys && !keys.includes(value) ? fault(message) : undefined;
}

/** A number field's value as the list and the comparison show it: grouped as the field asks, with its unit. */
export function numberText(
  field: Field,
  value: number,
  lang: Language,
  units: UnitCatalog | undefined,
  digits: number,
): string {
  return `${formatNumber(value, lang, { maximumFractionDigits: digits, ...fieldNumberOptions(field) })}${field.unit ? ` ${localizeUnit(field.unit, lang, units, value)}` : ''}`;
}

/** Chosen options by their labels. */
export function optionsText(field: Field, values: readonly unknown[], lang: Language): string {
  return values.map((entry) => optionLabel(field, entry, lang)).join(', ');
}

/** The word a template's CSV shows as the example of a text. */
export const EXAMPLE_TEXT: Readonly<Record<Language, string>> = {
  de: 'Beispiel',
  en: 'Example',
  fr: 'Exemple',
  it: 'Esempio',
  es: 'Ejemplo',
};

/** How text fields and any value without words of its own read: a list joined, anything else as written. */
export function plainWords(value: unknown): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}
