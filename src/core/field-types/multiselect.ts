/** Several of the field's options, without repeats; absent reads as the empty list in formulas. */
import { parseOption, splitList } from '../csv/cells';
import { hasUniqueStrings } from '../rules/checks';
import type { CoreFieldType } from './contract';
import { emptyList, fault, isStringList, optionsText, optionValues } from './shared';

export const multiselect = {
  kind: 'array',
  guide: { value: 'list of option values (needs `options`)', csv: 'values or labels separated by `,` `;` or `|`' },
  choices: 'options',
  typeFault: (field, value) => {
    const values = optionValues(field);
    if (!Array.isArray(value) || !hasUniqueStrings(value)) return fault('type.list');
    return value.every((entry) => typeof entry === 'string' && values.includes(entry))
      ? undefined
      : fault('type.option');
  },
  parseCell: (field, cell) => {
    const values = splitList(cell).map((part) => parseOption(field, part));
    return values.some((v) => v === null) ? { ok: false, key: 'option' } : { ok: true, value: values as string[] };
  },
  formula: { empty: emptyList, accepts: isStringList, what: 'a list' },
  words: (field, value, { lang, say }) => (Array.isArray(value) ? optionsText(field, value, lang) : say('unknown')),
  comparison: {
    text: (field, value, { lang }) => (Array.isArray(value) ? optionsText(field, value, lang) : String(value)),
    numeric: false,
  },
} satisfies CoreFieldType;
