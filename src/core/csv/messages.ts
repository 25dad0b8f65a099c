/**
 * Messages of CSV parsing: `csv.<key>` in locales/<lang>.json. Row errors are stored as a key plus params and
 * rendered in the reader's language, so an import's error list reads the same for everyone.
 */
import { translate } from '../i18n/translate';
import type { Language } from '../languages';
import { localize } from '../rules/messages';
import type { FieldOption } from '../template/types';

/** Every key a CSV row error can carry; a unit test checks each against all five locale files. */
export const CSV_MESSAGE_KEYS = [
  'number',
  'boolean',
  'option',
  'factor',
  'machine',
  'date',
  'partialSet',
  'rule',
  'row',
] as const;

export type CsvMessageKey = (typeof CSV_MESSAGE_KEYS)[number];

export function renderCsvMessage(key: CsvMessageKey, lang: Language, params: Record<string, string>): string {
  return translate(lang, `csv.${key}`, params);
}

/**
 * What a refused option cell may say instead, in the reader's language: each option's label with its value in
 * brackets where the two differ (`keine [none], Dispersionslack [varnish]`).
 */
export function allowedOptions(options: readonly FieldOption[], lang: Language): string {
  return options
    .map((option) => {
      const label = localize(option.label, lang, option.value);
      return label === option.value ? label : `${label} [${option.value}]`;
    })
    .join(', ');
}
