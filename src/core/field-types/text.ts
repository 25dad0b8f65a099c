/** One line of text: kept exactly as written, in a CSV cell too (it is data, never a formula). */
import type { CoreFieldType } from './contract';
import { EXAMPLE_TEXT, fault, isText, plainWords } from './shared';

export const text = {
  kind: 'string',
  guide: { value: 'text', csv: 'the text as written' },
  text: 'free',
  example: (_field, lang) => EXAMPLE_TEXT[lang],
  typeFault: (_field, value) => (typeof value === 'string' ? undefined : fault('type.text')),
  parseCell: (_field, cell) => ({ ok: true, value: cell }),
  formula: { accepts: isText, what: 'text' },
  words: (_field, value) => plainWords(value),
  comparison: { text: (_field, value) => String(value), numeric: false },
} satisfies CoreFieldType;
