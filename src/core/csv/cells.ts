/**
 * What reading one CSV cell takes, as the field types (core/field-types) use it: yes/no words, lists separated by
 * `,` `;` or `|`, options by value, label (any language) or short form, factors by key or label, machines by key or
 * name, dates in ISO or dotted form. Each type's `parseCell` picks from here; csv/values.ts dispatches by type.
 */
import { LANGUAGES, sameText, type LocalizedText } from '../languages';
import type { Field, FieldValue } from '../template/types';
import type { CsvMessageKey } from './messages';
import type { DecimalSeparator } from './numbers';
import { normalizeLabel, withoutUnit } from './text';

/** A factor a `factor` field may name, as the factor database provides it. */
export interface FactorChoice {
  key: string;
  category: string;
  label?: LocalizedText | null;
}

/** A machine a `machine` field may name, from the mandant's machine set the import computes with. */
export interface MachineChoice {
  key: string;
  kind: string;
  name: string;
}

export interface CellContext {
  decimal: DecimalSeparator;
  factors: readonly FactorChoice[];
  /** The machine set's machines; undefined: no set to check against, the cell is taken as a key as written. */
  machines?: readonly MachineChoice[];
}

export type CellResult = { ok: true; value: FieldValue } | { ok: false; key: CsvMessageKey };

/** The yes/no words a cell may hold (any case); the template guide lists them from here. */
export const TRUE_WORDS = [
  'ja',
  'j',
  'yes',
  'y',
  'true',
  'wahr',
  '1',
  'x',
  'oui',
  'vrai',
  'si',
  'sì',
  'sí',
  'vero',
  'verdadero',
];
export const FALSE_WORDS = ['nein', 'n', 'no', 'false', 'falsch', '0', 'non', 'faux', 'falso'];
const TRUE = new Set(TRUE_WORDS.map(normalizeLabel));
const FALSE = new Set(FALSE_WORDS.map(normalizeLabel));

export function parseBoolean(text: string): boolean | null {
  const word = normalizeLabel(text);
  if (TRUE.has(word)) return true;
  if (FALSE.has(word)) return false;
  return null;
}

export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;|]/)
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
  ];
}

/**
 * Value or key by what a cell may say: the value itself, or it or a label in any language after
 * normalizeLabel. Built once per option list / factor list: imports look up every row's cells.
 */
interface LabelIndex {
  exact: Map<string, string>;
  normalized: Map<string, string>;
}

function buildIndex(
  entries: readonly { value: string; label?: LocalizedText | null }[],
  shortForms = false,
): LabelIndex {
  const index: LabelIndex = { exact: new Map(), normalized: new Map() };
  const add = (map: Map<string, string>, text: string, value: string) => {
    if (!map.has(text)) map.set(text, value);
  };
  for (const entry of entries) add(index.exact, entry.value, entry.value);
  for (const entry of entries) {
    add(index.normalized, normalizeLabel(entry.value), entry.value);
    for (const lang of LANGUAGES) {
      const label = entry.label?.[lang];
      if (label !== undefined) add(index.normalized, normalizeLabel(label), entry.value);
    }
  }
  if (shortForms) addShortForms(index, entries);
  return index;
}

/**
 * An option's short form: its label without the bracketed detail (`DIN lang (99 × 210 mm)` → `DIN lang`,
 * `Softcover (Klebebindung)` → `Softcover`), as people write it in a cell. A short form two options share names
 * neither, and full labels and values keep precedence.
 */
function addShortForms(index: LabelIndex, entries: readonly { value: string; label?: LocalizedText | null }[]) {
  const short = new Map<string, string | null>();
  for (const entry of entries)
    for (const lang of LANGUAGES) {
      const label = entry.label?.[lang];
      if (label === undefined) continue;
      const text = normalizeLabel(withoutUnit(label));
      if (text === '' || text === normalizeLabel(label)) continue;
      const seen = short.get(text);
      short.set(text, seen === undefined || seen === entry.value ? entry.value : null);
    }
  for (const [text, value] of short)
    if (value !== null && !index.normalized.has(text)) index.normalized.set(text, value);
}

function lookUp(index: LabelIndex, text: string): string | null {
  return index.exact.get(text) ?? index.normalized.get(normalizeLabel(text)) ?? null;
}

const optionIndexes = new WeakMap<Field, LabelIndex>();
const factorIndexes = new WeakMap<readonly FactorChoice[], Map<string, LabelIndex>>();

export function parseOption(field: Field, text: string): string | null {
  let index = optionIndexes.get(field);
  if (!index) {
    index = buildIndex(field.options ?? [], true);
    optionIndexes.set(field, index);
  }
  return lookUp(index, text);
}

/** The label index of one group (a factor category, a machine kind) of a list of choices, built on first use. */
function groupIndex<T>(
  cache: WeakMap<readonly T[], Map<string, LabelIndex>>,
  choices: readonly T[],
  group: string,
  entries: () => readonly { value: string; label?: LocalizedText | null }[],
): LabelIndex {
  let byGroup = cache.get(choices);
  if (!byGroup) {
    byGroup = new Map();
    cache.set(choices, byGroup);
  }
  let index = byGroup.get(group);
  if (!index) {
    index = buildIndex(entries());
    byGroup.set(group, index);
  }
  return index;
}

export function parseFactor(field: Field, text: string, factors: readonly FactorChoice[]): string | null {
  const index = groupIndex(factorIndexes, factors, field.category ?? '', () =>
    factors
      .filter((factor) => factor.category === field.category)
      .map((factor) => ({ value: factor.key, label: factor.label })),
  );
  return lookUp(index, text);
}

const machineIndexes = new WeakMap<readonly MachineChoice[], Map<string, LabelIndex>>();

/** A machine of the field's kind by its key or its name, in any case. */
export function parseMachine(field: Field, text: string, machines: readonly MachineChoice[]): string | null {
  const index = groupIndex(machineIndexes, machines, field.machineKind ?? '', () =>
    machines
      .filter((machine) => field.machineKind === undefined || machine.kind === field.machineKind)
      .map((machine) => ({ value: machine.key, label: sameText(machine.name) })),
  );
  return lookUp(index, text);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DOTTED_DATE = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;

export function parseDate(text: string): string | null {
  const iso = ISO_DATE.exec(text);
  const dotted = DOTTED_DATE.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dotted ? [dotted[3], dotted[2], dotted[1]] : [];
  if (!year || !month || !day) return null;
  const result = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${result}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== result ? null : result;
}
