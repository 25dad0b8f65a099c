/**
 * Validation messages (`rules.*` in locales/<lang>.json). `%{field}` is the field's label in the user's
 * language; other placeholders are rule arguments, numbers formatted for that language.
 * A rule without its own message uses `invalid` ("%{field} is not valid.").
 */
import type { Language, LocalizedText } from '../languages';
import { wordFault, type Fault, type FaultParam } from '../i18n/fault';

/** The rule messages, `rules.*` in locales/<lang>.json. */
export type MessageKey =
  | 'invalid'
  | 'required'
  | 'min.number'
  | 'max.number'
  | 'between'
  | 'min.string'
  | 'max.string'
  | 'min.array'
  | 'max.array'
  | 'integer'
  | 'decimals'
  | 'email'
  | 'multipleOf'
  | 'date'
  | 'after'
  | 'before'
  | 'type.number'
  | 'type.text'
  | 'type.boolean'
  | 'type.list'
  | 'type.option'
  | 'type.factor'
  | 'type.machine'
  | 'hidden'
  | 'unknown'
  | 'group.min'
  | 'group.max'
  | 'type.entries';

/** The label used when the inputs as a whole are at fault. */
export const INPUTS_LABEL: LocalizedText = { de: 'Eingaben', en: 'Inputs', fr: 'Saisies', it: 'Dati', es: 'Datos' };

export type MessageParams = Record<string, string | number>;

/** A rule's fault as a message key with params: numbers are figures the reader's language formats, dates stay ISO. */
export function ruleFault(key: MessageKey, field: FaultParam, params: MessageParams = {}): Fault {
  const filled: Record<string, FaultParam> = { field };
  for (const [name, value] of Object.entries(params))
    filled[name] = typeof value === 'number' ? { figure: value } : value;
  // The count a plural message (`… 1 decimal place |||| … 2 decimal places`) agrees with.
  const count = [params.n, params.min, params.max].find((value) => typeof value === 'number');
  if (count !== undefined) filled.smart_count = count;
  return { key: `rules.${key}`, params: filled };
}

/** Fills a message in `lang` (a form's validator, which words for its one reader at once). */
export function renderMessage(key: MessageKey, lang: Language, field: string, params: MessageParams = {}): string {
  return wordFault(ruleFault(key, field, params), lang);
}

export function localize(text: LocalizedText | undefined, lang: Language, fallback = ''): string {
  if (!text) return fallback;
  return text[lang] || text.de || fallback;
}
