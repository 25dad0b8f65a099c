/** The five interface languages. German is the default and the fallback everywhere. */
export const LANGUAGES = ['de', 'en', 'fr', 'it', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A text in all five languages (template labels, factor labels, project descriptions). */
export type LocalizedText = Record<Language, string>;

/** The same text in every language (a key or a name that is not translated). */
export const sameText = (text: string): LocalizedText =>
  Object.fromEntries(LANGUAGES.map((lang) => [lang, text])) as LocalizedText;
