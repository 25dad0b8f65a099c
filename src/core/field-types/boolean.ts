/** Yes or no: absent reads false in formulas; a CSV cell may say it in any of the five languages. */
import { parseBoolean } from '../csv/cells';
import type { CoreFieldType } from './contract';
import { fault } from './shared';

export const boolean = {
  kind: 'boolean',
  guide: { value: 'true / false', csv: 'yes/no words, see below' },
  customer: true,
  typeFault: (_field, value) => (typeof value === 'boolean' ? undefined : fault('type.boolean')),
  parseCell: (_field, cell) => {
    const value = parseBoolean(cell);
    return value === null ? { ok: false, key: 'boolean' } : { ok: true, value };
  },
  formula: {
    empty: () => false,
    accepts: (value: unknown): value is boolean => typeof value === 'boolean',
    what: 'true/false',
  },
  words: (_field, value, { say }) => say(value === true ? 'yes' : 'no'),
  comparison: { text: (_field, value, { yes, no }) => (value === true ? yes : no), numeric: false },
} satisfies CoreFieldType;
