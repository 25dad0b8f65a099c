/**
 * Every message of the template checker exists in all five languages. By construction: the checker builds its faults
 * only through `checkerText`, which takes keys of CHECKER_KEYS (a typed catalogue), so checking that catalogue against
 * each locale file covers every place a fault is made.
 */
import { describe, expect, it } from 'vitest';
import { LOCALE_FILES } from '../../../src/core/i18n/all-locales';
import type { MessageTree } from '../../../src/core/i18n/translate';
import { LANGUAGES } from '../../../src/core/languages';
import { CHECKER_KEYS, checkTemplate, checkerText, wordChecker } from '../../../src/core/template';
import { fixtureJson } from '../support/templates';

function at(tree: MessageTree, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.'))
    node = node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as MessageTree)[part] : undefined;
  return node;
}

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();
const pluralForms = (text: string) => text.split('||||').length;

describe('template checker message keys', () => {
  it('are unique and all under checker.', () => {
    expect(new Set(CHECKER_KEYS).size).toBe(CHECKER_KEYS.length);
    expect(CHECKER_KEYS.every((key) => key.startsWith('checker.'))).toBe(true);
    expect(CHECKER_KEYS.length).toBeGreaterThan(100);
  });

  it.each(LANGUAGES)('all exist in %s with the placeholders and plural forms of the German text', (language) => {
    const missing = CHECKER_KEYS.filter((key) => typeof at(LOCALE_FILES[language], key) !== 'string');
    expect(missing).toEqual([]);
    const german = (key: string) => at(LOCALE_FILES.de, key) as string;
    const text = (key: string) => at(LOCALE_FILES[language], key) as string;
    expect(CHECKER_KEYS.filter((key) => placeholders(text(key)).join() !== placeholders(german(key)).join())).toEqual(
      [],
    );
    // A count is worded with a plural in every language, or in none.
    expect(CHECKER_KEYS.filter((key) => pluralForms(text(key)) !== pluralForms(german(key)))).toEqual([]);
  });

  it('has no checker text in the locales that the catalogue lacks', () => {
    const keys = (tree: MessageTree, prefix: string): string[] =>
      Object.entries(tree).flatMap(([name, value]) =>
        typeof value === 'string' ? [`${prefix}.${name}`] : keys(value, `${prefix}.${name}`),
      );
    for (const language of LANGUAGES) {
      expect(keys(LOCALE_FILES[language].checker as MessageTree, 'checker').sort()).toEqual([...CHECKER_KEYS].sort());
    }
  });

  it('words a fault in the reader language, with its count in the right plural', () => {
    const one = checkerText('checker.formula.optionDataMissing', {
      options: "'a'",
      field: 'kind',
      key: 'volume',
      smart_count: 1,
    });
    const two = checkerText('checker.formula.optionDataMissing', {
      options: "'a', 'b'",
      field: 'kind',
      key: 'volume',
      smart_count: 2,
    });
    expect(one.message).toBe("option 'a' of 'kind' has no data 'volume'");
    expect(wordChecker(two, 'en')).toBe("options 'a', 'b' of 'kind' have no data 'volume'");
    expect(wordChecker(one, 'de')).toBe("Option 'a' von „kind“ hat keinen Datenwert „volume“");
    expect(wordChecker(two, 'de')).toBe("Optionen 'a', 'b' von „kind“ haben keinen Datenwert „volume“");
    expect(wordChecker(checkerText('checker.rule.arity', { name: 'min', rule: 'min', smart_count: 1 }), 'fr')).toBe(
      'la règle « min » prend 1 argument, reçu « min »',
    );
  });

  it('words every fault of a broken template in German for a German reader', () => {
    const template = fixtureJson('sample.json') as {
      results: { formula: string }[];
      groups: { fields: { rules?: string[] }[] }[];
    };
    template.results[0].formula = 'facter(1)';
    template.groups[0].fields[0].rules = ['between:1'];
    const { errors } = checkTemplate(template, 'sample.json');
    expect(errors.map((error) => wordChecker(error, 'de'))).toEqual([
      'Regel „between“ nimmt 2 Argumente, erhalten: „between:1“',
      'unbekannte Funktion „facter“',
    ]);
  });
});
