/** A factor of the field's category, stored by its key and shown by the factor's label. */
import { parseFactor } from '../csv/cells';
import { localize } from '../rules/messages';
import type { CoreFieldType } from './contract';
import { isText, keyFault, readable } from './shared';

const keysOf = (category: string | undefined, keys: Readonly<Record<string, readonly string[]>> | undefined) =>
  category !== undefined ? keys?.[category] : undefined;

export const factor = {
  kind: 'string',
  guide: { value: "a factor key of the field's `category`", csv: 'the factor key, or its label in any language' },
  choices: 'factors',
  customer: true,
  typeFault: (field, value, options) => keyFault(value, keysOf(field.category, options.factorKeys), 'type.factor'),
  parseCell: (field, cell, context) => {
    const value = parseFactor(field, cell, context.factors);
    return value === null ? { ok: false, key: 'factor' } : { ok: true, value };
  },
  formula: { accepts: isText, what: 'text' },
  words: (_field, value, { factors, lang }) => {
    const used = factors.find((candidate) => candidate.key === value);
    return used ? localize(used.label, lang, used.key) : readable(String(value));
  },
  comparison: { text: (_field, value, { factorLabel }) => factorLabel(String(value)), numeric: false },
} satisfies CoreFieldType;
