/** Free words, without repeats or empty ones; a CSV cell separates them by `,` `;` or `|`. */
import { splitList } from '../csv/cells';
import { hasUniqueStrings } from '../rules/checks';
import type { CoreFieldType } from './contract';
import { EXAMPLE_TEXT, emptyList, fault, isStringList, plainWords } from './shared';

export const tags = {
  kind: 'array',
  guide: { value: 'list of free words', csv: 'words separated by `,` `;` or `|`' },
  example: (_field, lang) => EXAMPLE_TEXT[lang].toLowerCase(),
  typeFault: (_field, value) =>
    Array.isArray(value) &&
    hasUniqueStrings(value) &&
    value.every((entry) => typeof entry === 'string' && entry.length > 0)
      ? undefined
      : fault('type.list'),
  parseCell: (_field, cell) => ({ ok: true, value: splitList(cell) }),
  formula: { empty: emptyList, accepts: isStringList, what: 'a list' },
  words: (_field, value) => plainWords(value),
  comparison: {
    text: (_field, value) => (Array.isArray(value) ? value.map(String).join(', ') : String(value)),
    numeric: false,
  },
} satisfies CoreFieldType;
