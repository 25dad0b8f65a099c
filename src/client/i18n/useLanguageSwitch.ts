/**
 * Current language and a switcher. While signed in, the choice also goes to the user's profile
 * (`PUT /api/auth/me {language}`), because the profile language wins on the next sign-in.
 */
import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import type { SessionUser } from '../../core/api';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/languages';
import { sendJson } from '../providers/httpClient';
import { readSession, updateSessionUser } from '../providers/session';

export function useLanguageSwitch(): [Language, (language: Language) => void] {
  const [locale, setLocale] = useLocaleState();
  const switchLanguage = useCallback(
    (language: Language) => {
      setLocale(language);
      const session = readSession();
      if (!session || session.user.language === language) return;
      // Stored locally at once so a reload before the answer keeps the choice.
      updateSessionUser({ ...session.user, language });
      sendJson<SessionUser>('/auth/me', 'PUT', { language }).then(
        ({ json }) => updateSessionUser(json),
        (error: unknown) => console.warn('The language could not be saved in the profile.', error),
      );
    },
    [setLocale],
  );
  return [isLanguage(locale) ? locale : DEFAULT_LANGUAGE, switchLanguage];
}
