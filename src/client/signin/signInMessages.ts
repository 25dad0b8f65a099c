/**
 * The sign-in shell's texts: the sign-in subset of each locale file (`virtual:sign-in-messages/<lang>`, cut out at
 * build time by scripts/sign-in-messages.ts), read through i18next with the settings and conversion the app's
 * i18nProvider and the server's translator use. German is bundled; the other four load when chosen or preferred.
 */
import { createInstance } from 'i18next';
import german from 'virtual:sign-in-messages/de';
import { I18NEXT_OPTIONS, NAMESPACE, toI18nextMessages, type MessageTree } from '../../core/i18n/i18next-messages';
import { DEFAULT_LANGUAGE, type Language } from '../../core/languages';

const loaders: Record<Exclude<Language, 'de'>, () => Promise<{ default: unknown }>> = {
  en: () => import('virtual:sign-in-messages/en'),
  fr: () => import('virtual:sign-in-messages/fr'),
  it: () => import('virtual:sign-in-messages/it'),
  es: () => import('virtual:sign-in-messages/es'),
};

const i18next = createInstance();
// No backend to wait for: init finishes synchronously, before the first text is asked for.
void i18next.init({
  ...I18NEXT_OPTIONS,
  initImmediate: false,
  resources: { de: { [NAMESPACE]: toI18nextMessages(german as MessageTree) } },
});

/** Loads `language`'s sign-in texts; the language actually usable is returned (German if they fail to load). */
export async function loadSignInLanguage(language: Language): Promise<Language> {
  if (language === 'de' || i18next.hasResourceBundle(language, NAMESPACE)) return language;
  try {
    const messages = (await loaders[language]()).default as MessageTree;
    i18next.addResourceBundle(language, NAMESPACE, toI18nextMessages(messages), true, true);
    return language;
  } catch (error) {
    console.warn(`The messages for "${language}" could not be loaded; falling back to German.`, error);
    return DEFAULT_LANGUAGE;
  }
}

export function translateSignIn(language: Language, key: string, options: Record<string, string> = {}): string {
  return i18next.t(key, { ...options, lng: language });
}
