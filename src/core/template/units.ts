/**
 * Units in the user's language. A template writes a unit as one string (the template format's
 * contract): symbols — kg, km, g/m², kWh, %, kg CO2e — read the same in every language, words do
 * not. The word units templates use are translated here; any other unit is shown as written, so a
 * template may still use a unit this catalog does not know — except that the carbon dioxide a
 * template (or anything typed on a keyboard) writes as "CO2" is shown as people read it, "CO₂".
 */
import type { Language, LocalizedText } from '../languages';

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

export function localizeUnit(unit: string, lang: Language): string {
  return Object.hasOwn(UNIT_WORDS, unit) ? UNIT_WORDS[unit]![lang] : withCo2Subscript(unit);
}
