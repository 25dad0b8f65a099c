/**
 * Every language is complete: each locale file has every key of the German one (no empty strings), and every
 * ra.* message react-admin knows (ra-language-english) exists in each language's merged messages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import englishRaMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/languages';
import { loadMessages } from '../../../src/client/i18n/messages';
import type { MessageTree } from '../../../src/core/i18n/translate';

function flatten(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === 'object') {
      for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    } else {
      out.set(`${prefix}${key}`, value);
    }
  }
  return out;
}

const localeFile = (language: string): MessageTree =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../locales', `${language}.json`), 'utf8'));

const germanKeys = [...flatten(localeFile('de')).keys()];
// The ra.* completions in de.json fill gaps of the old German pack; en/fr get those from their packs, so the
// per-file comparison covers the app's own keys and the merged comparison below covers ra.*.
const germanAppKeys = germanKeys.filter((key) => !key.startsWith('ra.'));
const raKeys = [...flatten(englishRaMessages).keys()];

describe.each(LANGUAGES)('locale %s', (language) => {
  const file = flatten(localeFile(language));

  it('has every app key of the German file', () => {
    expect(germanAppKeys.length).toBeGreaterThan(50);
    expect(germanAppKeys.filter((key) => !file.has(key))).toEqual([]);
  });

  it('has no empty or non-string messages', () => {
    // ra.boolean.null is deliberately a single space, as in react-admin's own packs.
    const bad = [...file].filter(([, value]) => typeof value !== 'string' || (value as string).length === 0);
    expect(bad).toEqual([]);
  });

  it('has no keys the German file lacks (stale or misspelt keys)', () => {
    const extra = [...file.keys()].filter((key) => !key.startsWith('ra.') && !germanAppKeys.includes(key));
    expect(extra).toEqual([]);
  });

  it('has every ra.* message of react-admin once merged with its language pack', async () => {
    const merged = flatten(await loadMessages(language));
    expect(raKeys.length).toBeGreaterThan(100);
    expect(raKeys.filter((key) => !merged.has(key))).toEqual([]);
    expect(raKeys.filter((key) => merged.get(key) === '')).toEqual([]);
  });

  it('names the count of a plural message `smart_count` only: i18next reads a `count` as the plural count too', () => {
    const clashing = [...file].filter(
      ([, text]) => / \|\|\|\| /.test(String(text)) && String(text).includes('%{count}'),
    );
    expect(clashing.map(([key]) => key)).toEqual([]);
  });

  it('keeps the interpolation variables and plural forms of each message', async () => {
    const merged = flatten(await loadMessages(language));
    const german = flatten(await loadMessages('de'));
    const variables = (text: unknown) => [...String(text).matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
    const mismatched = germanAppKeys.filter((key) => {
      const ownVariables = variables(merged.get(key));
      const germanVariables = variables(german.get(key));
      return ownVariables.join() !== germanVariables.join();
    });
    expect(mismatched).toEqual([]);
    const pluralMismatch = [...flatten(englishRaMessages)]
      .filter(([, en]) => String(en).includes(' |||| '))
      .map(([key]) => key)
      .filter((key) => !String(merged.get(key)).includes(' |||| '));
    expect(pluralMismatch).toEqual([]);
  });
});

describe('German spelling', () => {
  it('writes ß as in Germany, also where the ra-language-german pack writes the Swiss "ss"', async () => {
    const german = flatten(await loadMessages('de'));
    expect(german.get('ra.action.close')).toBe('Schließen');
    const swiss = [...german].filter(([, text]) => /schliess|ausserhalb|grösse|gemäss|strasse/i.test(String(text)));
    expect(swiss).toEqual([]);
  });

  it('names each resource in its save and delete messages instead of "Element"', async () => {
    const german = flatten(await loadMessages('de'));
    expect(german.get('resources.calculations.notifications.created')).toBe('Kalkulation angelegt');
    expect(german.get('resources.collections.notifications.updated')).toMatch(/^Sammlung gespeichert/);
  });
});
