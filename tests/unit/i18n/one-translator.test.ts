// @vitest-environment jsdom
/**
 * Client and server read the locale files through one engine: for every plural message, in every language, the
 * server's translator and the client's i18nProvider pick the same form, and it is the form CLDR names for the count.
 */
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../../src/client/providers/i18nProvider';
import { LOCALE_FILES } from '../../../src/core/i18n/all-locales';
import { translate, type MessageTree } from '../../../src/core/i18n/translate';
import { LANGUAGES } from '../../../src/core/languages';

const COUNTS = [0, 1, 2, 5, 21, 1_000_000];

function pluralMessages(tree: MessageTree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object'
      ? pluralMessages(value, `${prefix}${key}.`)
      : value.includes(' |||| ')
        ? [[`${prefix}${key}`, value] as [string, string]]
        : [],
  );
}

function flatKeys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? flatKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Every placeholder filled with its own name (the count with the count), so the forms stay tellable apart. */
function paramsFor(text: string, count: number): Record<string, string | number> {
  const names = [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]);
  return { ...Object.fromEntries(names.map((name) => [name, name === 'count' ? count : name])), smart_count: count };
}

const fill = (form: string, params: Record<string, string | number>) =>
  form.replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name]));

describe.each(LANGUAGES)('plural messages in %s', (language) => {
  const messages = pluralMessages(LOCALE_FILES[language]);

  it('exist', () => expect(messages.length).toBeGreaterThan(10));

  it('have no sibling key that i18next would take for one of their forms', () => {
    const keys = new Set(flatKeys(LOCALE_FILES[language]));
    const clashes = messages
      .flatMap(([key]) => ['zero', 'one', 'two', 'few', 'many', 'other'].map((form) => `${key}_${form}`))
      .filter((key) => keys.has(key));
    expect(clashes).toEqual([]);
  });

  it('take the same form on client and server, the one CLDR names for the count', async () => {
    const client = await createI18nProvider(language);
    const rule = new Intl.PluralRules(language);
    for (const [key, text] of messages) {
      const [one, other] = text.split(' |||| ');
      for (const count of COUNTS) {
        const params = paramsFor(text, count);
        const expected = fill(rule.select(count) === 'one' ? one : other, params);
        expect([key, count, translate(language, key, params)]).toEqual([key, count, expected]);
        expect([key, count, client.translate(key, params)]).toEqual([key, count, expected]);
      }
    }
  });
});

describe('plural rules per language', () => {
  it('read 0 as singular in French only', () => {
    expect(translate('fr', 'rules.decimals', { field: 'Quantité', n: 0, smart_count: 0 })).toBe(
      'Quantité peut avoir au plus 0 décimale.',
    );
    expect(translate('en', 'rules.decimals', { field: 'Quantity', n: 0, smart_count: 0 })).toBe(
      'Quantity may have at most 0 decimal places.',
    );
  });

  it('read a million with the plural in French, Italian and Spanish (CLDR "many")', () => {
    for (const language of ['fr', 'it', 'es'] as const) {
      const params = { field: 'x', n: 'n' };
      expect(translate(language, 'rules.decimals', { ...params, smart_count: 1_000_000 })).toBe(
        translate(language, 'rules.decimals', { ...params, smart_count: 2 }),
      );
    }
  });
});
