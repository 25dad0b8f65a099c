/**
 * The downloadable template CSV of a template: the header row in the user's language (the
 * importer recognises it in every language) and one example row with the defaults. Each
 * repeatable group shows the numbered-set convention with two sets ("Transporte 1: …",
 * "Transporte 2: …"; one if the group allows only one item), both filled in the example.
 */
import type { Language } from '../languages';
import type { Template, UnitCatalog } from '../template';
import { csvConventions, csvFile, csvNumber, type CsvCell } from './write';
import { importTargets, targetHeader } from './targets';

/** Examples keep up to six decimals: a default such as 0.0035 must survive the round trip through the importer. */
const EXAMPLE_DIGITS = 6;

function exampleValue(value: unknown, lang: Language): CsvCell {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return csvNumber(value, EXAMPLE_DIGITS);
  if (typeof value === 'boolean')
    return value
      ? ({ de: 'ja', en: 'yes', fr: 'oui', it: 'sì', es: 'sí' } as const)[lang]
      : ({ de: 'nein', en: 'no', fr: 'non', it: 'no', es: 'no' } as const)[lang];
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

const EXAMPLE_SETS = 2;

const EXAMPLE_TEXT: Record<Language, string> = {
  de: 'Beispiel',
  en: 'Example',
  fr: 'Exemple',
  it: 'Esempio',
  es: 'Ejemplo',
};

/**
 * In the reader's CSV convention (`;` and decimal comma for the comma-decimal languages, `,` and point for English).
 * `units`: the unit catalogue as loaded, so a unit a provider admin added shows by its label, as in the form.
 */
export function templateCsv(template: Template, lang: Language, units?: UnitCatalog): string {
  const targets = importTargets(template, EXAMPLE_SETS);
  const header = targets.map((target) => targetHeader(template, target, lang, units));
  const example = targets.map((target) => {
    const field = target.field;
    if (field.default !== undefined) return exampleValue(field.default, lang);
    if (field.type === 'text' || field.type === 'textarea') return EXAMPLE_TEXT[lang];
    if (field.type === 'select') return field.options?.[0]?.value ?? '';
    if (field.type === 'tags') return EXAMPLE_TEXT[lang].toLowerCase();
    if (field.type === 'integer' || field.type === 'number') return exampleValue(100, lang);
    return '';
  });
  return csvFile([header, example], csvConventions(lang));
}
