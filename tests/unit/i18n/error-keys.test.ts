/**
 * Every message a server error can carry exists in all five languages. By construction: the error helpers accept only
 * keys of ERROR_KEYS (a typed catalogue), so checking that catalogue against each locale file covers every throw site.
 */
import { describe, expect, it } from 'vitest';
import { CSV_MESSAGE_KEYS, renderCsvMessage } from '../../../src/core/csv/messages';
import { ERROR_KEYS, msg } from '../../../src/core/i18n/error-keys';
import { LOCALE_FILES } from '../../../src/core/i18n/all-locales';
import type { MessageTree } from '../../../src/core/i18n/translate';
import { LANGUAGES } from '../../../src/core/languages';
import { errorText, HttpError } from '../../../src/server/http/errors';

function at(tree: MessageTree, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.'))
    node = node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as MessageTree)[part] : undefined;
  return node;
}

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

describe('server error keys', () => {
  it('are unique', () => {
    expect(new Set(ERROR_KEYS).size).toBe(ERROR_KEYS.length);
    expect(ERROR_KEYS.length).toBeGreaterThan(150);
  });

  it.each(LANGUAGES)('all exist in %s with the placeholders of the German text', (language) => {
    const missing = ERROR_KEYS.filter((key) => typeof at(LOCALE_FILES[language], key) !== 'string');
    expect(missing).toEqual([]);
    const drifted = ERROR_KEYS.filter(
      (key) =>
        placeholders(at(LOCALE_FILES[language], key) as string).join() !==
        placeholders(at(LOCALE_FILES.de, key) as string).join(),
    );
    expect(drifted).toEqual([]);
  });

  it('are worded in the reader language, with the values filled in', () => {
    const error = new HttpError(400, msg('errors.list.cannotSort', { field: 'password_hash' }));
    expect(error.body('de').message).toBe('Nach „password_hash“ kann nicht sortiert werden.');
    expect(error.body('en').message).toBe('Cannot sort by "password_hash".');
    expect(errorText(msg('errors.list.pageTooLarge', { max: 1000 }), 'it')).toBe(
      'Al massimo 1000 record per richiesta.',
    );
    expect(errorText('errors.list.inputsFilter', 'de')).toBe('Der Filter „inputs“ ist ungültig.');
  });
});

describe('CSV row error keys', () => {
  // By construction as well: a row error's key is typed CsvMessageKey, the members of CSV_MESSAGE_KEYS.
  const keys = CSV_MESSAGE_KEYS.map((key) => `csv.${key}`);

  it.each(LANGUAGES)('all exist in %s with the placeholders of the German text', (language) => {
    expect(keys.filter((key) => typeof at(LOCALE_FILES[language], key) !== 'string')).toEqual([]);
    const drifted = keys.filter(
      (key) =>
        placeholders(at(LOCALE_FILES[language], key) as string).join() !==
        placeholders(at(LOCALE_FILES.de, key) as string).join(),
    );
    expect(drifted).toEqual([]);
  });

  it('are worded in the reader language, with the values filled in', () => {
    expect(renderCsvMessage('number', 'de', { column: 'Menge', value: 'viel' })).toBe(
      'Spalte „Menge“: „viel“ ist keine Zahl.',
    );
    expect(renderCsvMessage('rule', 'fr', { column: 'Quantité', message: 'Trop grand.' })).toBe(
      'Colonne « Quantité » : Trop grand.',
    );
  });
});

describe('mail and PDF texts', () => {
  // Their keys are the leaves of mails.* and documents.* in German, the bundled fallback every other language follows.
  const leaves = (tree: MessageTree, prefix: string): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key}`],
    );
  const keys = ['mails', 'documents'].flatMap((group) =>
    leaves(at(LOCALE_FILES.de, group) as MessageTree, `${group}.`),
  );

  it.each(LANGUAGES)('all exist in %s with the placeholders of the German text', (language) => {
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((key) => typeof at(LOCALE_FILES[language], key) !== 'string')).toEqual([]);
    const drifted = keys.filter(
      (key) =>
        placeholders(at(LOCALE_FILES[language], key) as string).join() !==
        placeholders(at(LOCALE_FILES.de, key) as string).join(),
    );
    expect(drifted).toEqual([]);
  });
});
