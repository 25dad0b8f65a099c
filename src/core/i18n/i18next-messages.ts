/**
 * The locale files keep react-admin's format (`%{name}` placeholders, `one |||| other` plurals) so react-admin's own
 * language packs merge into them; i18next, the one engine on client and server, reads them after this conversion.
 * Written here rather than taken from ra-i18n-i18next: its converter lives beside React hooks the server must not
 * bundle, and it emits only `_one`/`_other`, so French, Italian and Spanish fell back to German for counts CLDR calls
 * `many` (1 000 000).
 */
import type { InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages';

export interface MessageTree {
  [key: string]: string | MessageTree;
}

const PLURAL_SEPARATOR = ' |||| ';

/**
 * CLDR categories read with the second form. `zero` stays out: i18next prefers `_zero` for a count of 0, and French
 * says "0 décimale" with the first form.
 */
const OTHER_FORMS = ['two', 'few', 'many', 'other'] as const;

/** react-admin's `%{name}` as i18next's `{{name}}`. */
function toI18nextText(text: string): string {
  return text.replace(/%\{([\w-]*)\}/g, '{{$1}}');
}

/** `messages` in i18next's format: placeholders rewritten, each `a |||| b` split into `key_one` and the other forms. */
export function toI18nextMessages(messages: MessageTree): MessageTree {
  const converted: MessageTree = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'object') {
      converted[key] = toI18nextMessages(value);
    } else if (value.includes(PLURAL_SEPARATOR)) {
      const [one, other = one] = value.split(PLURAL_SEPARATOR);
      converted[`${key}_one`] = toI18nextText(one);
      for (const form of OTHER_FORMS) converted[`${key}_${form}`] = toI18nextText(other);
    } else {
      converted[key] = toI18nextText(value);
    }
  }
  return converted;
}

/** The one namespace every language's messages live in. */
export const NAMESPACE = 'translation';

/** The i18next settings client and server share: German as default and fallback, texts not HTML-escaped. */
export const I18NEXT_OPTIONS = {
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: NAMESPACE,
  // Keys are built from data too (factor categories); a colon in one must not be read as a namespace.
  nsSeparator: false,
  // Escaping is the job of whatever shows the text (React, the mail's HTML part), not of the translator.
  interpolation: { escapeValue: false },
} as const satisfies InitOptions;
