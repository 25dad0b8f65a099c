/**
 * The i18nProvider: i18next through ra-i18n-i18next, five languages, German as default and fallback — the same
 * conversion and settings as the server's translator (`core/i18n/i18next-messages`). Changing the
 * language loads its chunk first, writes the language cookie and updates `<html lang>`; an unknown code or a chunk
 * that fails to load logs a warning and falls back to German rather than leaving the screen blank.
 */
import { createInstance, type i18n as I18next } from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { I18NEXT_OPTIONS, NAMESPACE, toI18nextMessages } from '../../core/i18n/i18next-messages';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../core/languages';
import { applyLanguage } from '../i18n/languagePreference';
import { germanMessages, loadMessages } from '../i18n/messages';

/**
 * Names i18next would find on every messages object (`constructor`, `toString`, `__proto__`): keys built from data,
 * e.g. `databases.categories.<a mandant's factor category>`, would otherwise show `function Object() { … }`.
 */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

function ownKeysOnly(translate: I18nProvider['translate']): I18nProvider['translate'] {
  return (key, options) =>
    key.split('.').some((part) => INHERITED.has(part)) ? String(options?._ ?? key) : translate(key, options);
}

/** Make sure the language's messages are in the i18next instance; the language actually usable is returned. */
async function ensureLanguage(instance: I18next, requested: string): Promise<Language> {
  if (!isLanguage(requested)) {
    console.warn(`Unknown language "${requested}"; falling back to German.`);
    return DEFAULT_LANGUAGE;
  }
  if (instance.hasResourceBundle(requested, NAMESPACE)) return requested;
  try {
    const messages = await loadMessages(requested);
    instance.addResourceBundle(requested, NAMESPACE, toI18nextMessages(messages), true, true);
    return requested;
  } catch (error) {
    console.warn(`The messages for "${requested}" could not be loaded; falling back to German.`, error);
    return DEFAULT_LANGUAGE;
  }
}

export async function createI18nProvider(requested: string): Promise<I18nProvider> {
  const instance = createInstance();
  // German is bundled and must be there before init: it is the fallback for every missing key.
  const resources = { de: { [NAMESPACE]: toI18nextMessages(germanMessages) } };
  const locales = LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] }));
  const base = await getI18nProvider(instance, { ...I18NEXT_OPTIONS, resources }, locales);
  const changeLocale = async (locale: string): Promise<void> => {
    const language = await ensureLanguage(instance, locale);
    await base.changeLocale(language);
    applyLanguage(language);
  };
  await changeLocale(requested);
  return { ...base, translate: ownKeysOnly(base.translate), changeLocale };
}
