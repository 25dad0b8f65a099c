import { useLocaleState } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/languages';

/** The interface language as the template engine needs it (labels, messages, number formats). */
export function useLanguage(): Language {
  const [locale] = useLocaleState();
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}
