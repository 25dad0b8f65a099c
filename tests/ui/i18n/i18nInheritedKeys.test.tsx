import { expect, it } from 'vitest';
import { createI18nProvider } from '../../../src/client/providers/i18nProvider';

// Keys built from a mandant's data (a factor category such as `constructor`) must read as that text, never as an
// Object member found on the messages (`function Object() { [native code] }`).
it('translates keys naming Object members as their default text', async () => {
  const i18n = await createI18nProvider('de');
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
    expect(i18n.translate(`databases.categories.${name}`, { _: name })).toBe(name);
  }
  expect(i18n.translate('databases.factors.key')).toBe('Schlüssel');
  expect(i18n.translate('databases.categories.no_such_category', { _: 'no_such_category' })).toBe('no_such_category');
});
