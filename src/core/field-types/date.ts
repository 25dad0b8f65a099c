/** A calendar day as `YYYY-MM-DD`; a CSV cell may also write it `31.12.2026`. */
import { parseDate } from '../csv/cells';
import { isDate } from '../rules/checks';
import type { CoreFieldType } from './contract';
import { fault, isText, plainWords } from './shared';

export const date = {
  kind: 'string',
  guide: { value: 'date YYYY-MM-DD', csv: '`2026-03-31` or `31.03.2026`' },
  text: 'date',
  typeFault: (_field, value) => (typeof value === 'string' && isDate(value) ? undefined : fault('date')),
  parseCell: (_field, cell) => {
    const value = parseDate(cell);
    return value === null ? { ok: false, key: 'date' } : { ok: true, value };
  },
  formula: { accepts: isText, what: 'text' },
  words: (_field, value) => plainWords(value),
  comparison: { text: (_field, value) => String(value), numeric: false },
} satisfies CoreFieldType;
