/** One of the field's options, stored by its value and shown by its label. */
import { parseOption } from '../csv/cells';
import { optionLabel } from '../template/option-label';
import type { CoreFieldType } from './contract';
import { fault, isText, optionValues } from './shared';

export const select = {
  kind: 'string',
  guide: { value: 'one option value (needs `options`)', csv: 'the option value, or its label in any language' },
  choices: 'options',
  customer: true,
  example: (field, lang) => optionLabel(field, field.options?.[0]?.value ?? '', lang),
  typeFault: (field, value) =>
    typeof value === 'string' && optionValues(field).includes(value) ? undefined : fault('type.option'),
  parseCell: (field, cell) => {
    const value = parseOption(field, cell);
    return value === null ? { ok: false, key: 'option' } : { ok: true, value };
  },
  formula: { accepts: isText, what: 'text' },
  words: (field, value, { lang }) => optionLabel(field, value, lang),
  comparison: { text: (field, value, { lang }) => optionLabel(field, value, lang), numeric: false },
} satisfies CoreFieldType;
