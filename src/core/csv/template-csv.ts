/**
 * The downloadable template CSV of a template: the header row in the user's language (the
 * importer recognises it in every language) and one example row with the defaults.
 */
import type { Language } from '../languages';
import { formatNumber } from '../number-format';
import type { Template } from '../template';
import { csvFile } from './write';
import { importTargets, targetHeader } from './targets';

function exampleValue(value: unknown, lang: Language): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return formatNumber(value, lang, { grouping: false, maximumFractionDigits: 6 });
  if (typeof value === 'boolean') return value ? ({ de: 'ja', en: 'yes', fr: 'oui', it: 'sì', es: 'sí' } as const)[lang] : ({ de: 'nein', en: 'no', fr: 'non', it: 'no', es: 'no' } as const)[lang];
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

const EXAMPLE_TEXT: Record<Language, string> = { de: 'Beispiel', en: 'Example', fr: 'Exemple', it: 'Esempio', es: 'Ejemplo' };

/** `;`-separated for the comma-decimal languages (as Excel expects there), `,` for English. */
export function templateCsv(template: Template, lang: Language): string {
  const targets = importTargets(template);
  const header = targets.map((target) => targetHeader(template, target, lang));
  const example = targets.map((target) => {
    const field = target.field;
    if (field.default !== undefined) return exampleValue(field.default, lang);
    if (field.type === 'text' || field.type === 'textarea') return EXAMPLE_TEXT[lang];
    if (field.type === 'select') return field.options?.[0]?.value ?? '';
    if (field.type === 'tags') return EXAMPLE_TEXT[lang].toLowerCase();
    if (field.type === 'integer' || field.type === 'number') return exampleValue(100, lang);
    return '';
  });
  const delimiter = lang === 'en' ? ',' : ';';
  return csvFile([header, example], { delimiter });
}
