/**
 * Claims that hold (issue 33, item 6; EU Directive 2024/825, Annex I, 4c): no text a person reads — screens, errors,
 * mails, PDFs, verification pages, all in locales/<lang>.json — calls a contribution an offset or a compensation, or
 * says that anything is neutral, compensated or offset. A contribution is a financial climate contribution
 * ("Klimabeitrag" …). The technical senses stay allowed: offset printing ("Offsetdruck", "offset press", "macchina
 * offset") and list offsets in the pagination message.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/languages';

function flatten(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    value && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)]],
  );
}

/** Words of an offsetting or neutrality claim, in the five languages. */
const CLAIM_WORDS = [
  /kompens/i, // Kompensation, kompensiert, kompensieren
  /compens/i, // compensation, compensated, compensazione, compensación, compenser
  /ausgeglichen|ausgleich/i,
  /neutral|neutre|neutro/i, // klimaneutral, climate neutral, neutre en carbone, neutrale, neutro
  /impatto (climatico )?zero|zero emissioni|net[- ]zero|klimapositiv|climate[- ]positive/i,
  /\boffset(s|ting)?\b/i, // "offset" as a contribution; offset printing is allowed below
];

/** The technical sense of "offset": the printing process, and react-admin's list offsets (placeholders). */
const TECHNICAL_OFFSET =
  /offset(druck|-?\s?press|\s?print|\s?plate|\s?ink|\s?paper|farbe|platte)|macchina offset|máquina offset|%\{offset\w*\}|\boffset\b(?= [a-z]*(druck|print|plate|ink|platte))|offset-?(druck)?platte|planches? offset|lastra offset|plancha offset|encre offset|inchiostro offset|tinta offset|offsetdruckmaschine|presse offset/gi;

const localeFile = (language: string): object =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../locales', `${language}.json`), 'utf8'));

describe.each(LANGUAGES)('locale %s', (language) => {
  it('makes no offsetting or neutrality claim in any text a person reads', () => {
    const offending = flatten(localeFile(language))
      // ra.*: react-admin's own words (pagination "offset" etc.), not claims of ours.
      .filter(([key]) => !key.startsWith('ra.'))
      .filter(([, text]) => {
        const words = text.replace(TECHNICAL_OFFSET, '');
        return CLAIM_WORDS.some((pattern) => pattern.test(words));
      })
      .map(([key, text]) => `${key}: ${text}`);
    expect(offending).toEqual([]);
  });

  it('calls the contribution a climate contribution', () => {
    const contribution = {
      de: 'Klimabeitrag',
      en: 'climate contribution',
      fr: 'contribution climatique',
      it: 'contributo climatico',
      es: 'contribución climática',
    }[language];
    const texts = flatten(localeFile(language));
    const text = (key: string) => texts.find(([name]) => name === key)?.[1] ?? '';
    for (const key of ['orders.new_title', 'documents.certificateTitle', 'documents.report.noClaim'])
      expect(text(key).toLowerCase(), key).toContain(contribution.toLowerCase());
  });
});
