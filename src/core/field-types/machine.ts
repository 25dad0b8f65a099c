/** One of the mandant's machines of the field's kind, stored by its key and shown by its name in provenance. */
import { parseMachine } from '../csv/cells';
import type { CoreFieldType } from './contract';
import { isText, keyFault, readable } from './shared';

const keysOf = (kind: string | undefined, keys: Readonly<Record<string, readonly string[]>> | undefined) =>
  kind !== undefined ? keys?.[kind] : undefined;

export const machine = {
  kind: 'string',
  guide: {
    value: "a machine key of the mandant's machines of the field's `machineKind`",
    csv: 'the machine key as written',
  },
  choices: 'machines',
  typeFault: (field, value, options) => keyFault(value, keysOf(field.machineKind, options.machineKeys), 'type.machine'),
  parseCell: (field, cell, context) => {
    // Without a machine set the key is taken as written: the calculation's own validation then names the problem.
    if (context.machines === undefined) return { ok: true, value: cell };
    const value = parseMachine(field, cell, context.machines);
    return value === null ? { ok: false, key: 'machine' } : { ok: true, value };
  },
  formula: { accepts: isText, what: 'text' },
  // A machine by its name, as the machine list shows it, not by its key.
  words: (_field, value, { production }) => {
    const used = production.find((use) => use.machine === value);
    return used ? used.name : readable(String(value));
  },
  comparison: { text: (_field, value) => String(value), numeric: false },
} satisfies CoreFieldType;
