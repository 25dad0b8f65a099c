/**
 * Units in the user's language. A template writes a unit as one string (the template format's
 * contract): symbols — kg, km, g/m², kWh, %, kg CO2e — read the same in every language, words do
 * not. Word units come from the unit catalogue: the built-in words below (the seed of the `units`
 * table, migration 0021) and those a provider admin adds in the browser (`/units`). The display
 * takes the catalogue as loaded from `GET /api/units`; a unit it does not know is shown as written —
 * except that the carbon dioxide a template (or anything typed on a keyboard) writes as "CO2" is
 * shown as people read it, "CO₂". The template checker refuses a word unit the catalogue lacks.
 */
import type { Language, LocalizedText } from '../languages';
import { checkerText, type CheckerText } from './checker-messages';

export const UNIT_WORDS: Readonly<Record<string, LocalizedText>> = {
  pcs: { de: 'Stk.', en: 'pcs', fr: 'pcs', it: 'pz.', es: 'uds.' },
  sheets: { de: 'Bogen', en: 'sheets', fr: 'feuilles', it: 'fogli', es: 'pliegos' },
  pages: { de: 'Seiten', en: 'pages', fr: 'pages', it: 'pagine', es: 'páginas' },
  designs: { de: 'Motive', en: 'designs', fr: 'motifs', it: 'soggetti', es: 'diseños' },
  blanks: { de: 'Zuschnitte', en: 'blanks', fr: 'flans', it: 'fustellati', es: 'troqueles' },
};

/** CO₂ equivalents as every screen writes them (templates and stored data may say "CO2e"). */
export const CO2E = 'CO₂e';
export const KG_CO2E = `kg ${CO2E}`;

/** The subscript two the ASCII spelling lacks; "CO20" or "CO2x" are left alone. */
export function withCo2Subscript(text: string): string {
  return text.replace(/\bCO2(?=e?\b)/g, 'CO₂');
}

/** One word unit of the catalogue: its key (what templates write) and its labels. */
export interface UnitEntry {
  key: string;
  /** The form shown after a number (usually the plural: "Bogen", "sheets"). */
  label: LocalizedText;
  /** The form after exactly 1, where the language has one ("1 sheet"); null or absent: `label`. */
  singular?: LocalizedText | null;
}

/** Word units by key. Built with `unitCatalog`, so the built-in words are always in it. */
export type UnitCatalog = ReadonlyMap<string, UnitEntry>;

export const BUILT_IN_UNITS: readonly UnitEntry[] = Object.entries(UNIT_WORDS).map(([key, label]) => ({ key, label }));

/** The catalogue: the built-in words, overlaid by the entries a provider admin keeps (`GET /api/units`). */
export function unitCatalog(entries: readonly UnitEntry[] = []): UnitCatalog {
  const catalog = new Map<string, UnitEntry>();
  for (const entry of BUILT_IN_UNITS) catalog.set(entry.key, entry);
  for (const entry of entries) catalog.set(entry.key, entry);
  return catalog;
}

const BUILT_IN_CATALOG = unitCatalog();

/** A word unit's key: what the catalogue accepts (letters, then letters, digits, `_` or `-`; at most 40). */
export const UNIT_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/**
 * Runs of three letters or more that are symbols, not words: they read the same in every language. Shorter runs
 * (kg, m, km, CO) are symbols anyway, and so is everything that is not a letter (g/m², kWh/1000, kg CO2e, %).
 */
export const UNIT_SYMBOLS: readonly string[] = [
  'kWh',
  'MWh',
  'GWh',
  'min',
  'pkm',
  'tkm',
  'Pkm',
  'Tkm',
  'ppm',
  'dpi',
  'lpi',
  'sqm',
];
const SYMBOLS = new Set(UNIT_SYMBOLS);

/** Whether `unit` contains a word (three letters or more that are no symbol), which then must be in the catalogue. */
export function isWordUnit(unit: string): boolean {
  const runs = unit.match(/\p{L}+/gu) ?? [];
  return runs.some((run) => run.length > 2 && !SYMBOLS.has(run));
}

/** The checker's verdict on a unit; undefined when it is a symbol or in the catalogue. */
export function unknownUnitMessage(unit: string, catalog: UnitCatalog): CheckerText | undefined {
  if (catalog.has(unit) || !isWordUnit(unit)) return undefined;
  return checkerText('checker.unknownUnit', { unit });
}

/**
 * The unit as the reader of `lang` reads it. `count`, when given, picks the singular of a word unit for exactly 1.
 */
export function localizeUnit(
  unit: string,
  lang: Language,
  catalog: UnitCatalog = BUILT_IN_CATALOG,
  count?: number,
): string {
  const entry = catalog.get(unit);
  // A rate of word units ("sheets/h") reads in words too: each side on its own.
  if (!entry && unit.includes('/') && unit.split('/').some((part) => catalog.has(part.trim())))
    return unit
      .split('/')
      .map((part) => localizeUnit(part.trim(), lang, catalog, count))
      .join('/');
  if (!entry) return withCo2Subscript(unit);
  const texts = count === 1 && entry.singular ? entry.singular : entry.label;
  return texts[lang] || texts.de || unit;
}
