/**
 * The downloadable template CSV of a template: the header row in the user's language (the
 * importer recognises it in every language) and one example row with the defaults. Each
 * repeatable group shows the numbered-set convention with two sets ("Transporte 1: …",
 * "Transporte 2: …"; one if the group allows only one item), both filled in the example. Options and factors are
 * written as the form shows them, by their labels in the reader's language (the importer reads labels, short forms and
 * values alike), not by their code values.
 */
import { fieldTypeOf } from '../field-types';
import type { Language } from '../languages';
import { localize } from '../rules/messages';
import type { Field, Template, UnitCatalog } from '../template';
import type { FactorChoice } from './values';
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

/** An option's or factor's label in the reader's language; any other value (and a factor not in `factors`) as it is. */
function labelOf(field: Field, value: unknown, lang: Language, factors: readonly FactorChoice[]): unknown {
  const label = (code: unknown) => {
    if (typeof code !== 'string') return code;
    const option = field.options?.find((candidate) => candidate.value === code);
    if (option) return localize(option.label, lang, option.value);
    if (fieldTypeOf(field.type).choices !== 'factors') return code;
    const factor = factors.find((candidate) => candidate.key === code && candidate.category === field.category);
    return factor?.label ? localize(factor.label, lang, factor.key) : code;
  };
  return Array.isArray(value) ? value.map(label) : label(value);
}

/**
 * In the reader's CSV convention (`;` and decimal comma for the comma-decimal languages, `,` and point for English).
 * `units`: the unit catalogue as loaded, so a unit a provider admin added shows by its label, as in the form.
 */
export function templateCsv(
  template: Template,
  lang: Language,
  units?: UnitCatalog,
  factors: readonly FactorChoice[] = [],
): string {
  const targets = importTargets(template, EXAMPLE_SETS);
  const header = targets.map((target) => targetHeader(template, target, lang, units));
  const example = targets.map((target) => {
    const field = target.field;
    if (field.default !== undefined) return exampleValue(labelOf(field, field.default, lang, factors), lang);
    return exampleValue(fieldTypeOf(field.type).example?.(field, lang), lang);
  });
  return csvFile([header, example], csvConventions(lang));
}
