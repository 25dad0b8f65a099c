/**
 * Current language and a switcher, one for the app bar, the login page and the profile page. While signed in, the
 * choice also goes to the user's profile (`PUT /api/auth/me {language}`), because the profile language wins on the next
 * sign-in.
 *
 * Why not react-admin's `setLocale`: its I18nContextProvider answers a locale change by re-keying the whole tree, which
 * remounts every route and throws away unsaved form input (issue #20). Here the language is loaded first, then the
 * provider (a new object, so every `useTranslate` re-renders) and the store's locale are published in one render;
 * react-admin then finds the provider already speaking the stored locale and leaves the tree mounted.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useI18nProvider, useLocaleState, useStore, type I18nProvider } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/languages';
import { useKontorAuthProvider } from '../providers/authProvider';
import { readSession, updateSessionUser } from '../providers/session';

type Publish = (provider: I18nProvider) => void;

const PublishContext = createContext<Publish | null>(null);

/**
 * Holds the i18nProvider the app renders with; `children` receives the current one (it goes to `<Admin>`), and
 * `useSwitchLanguage` below replaces it.
 */
export const I18nProviderHolder = ({
  initial,
  children,
}: {
  initial: I18nProvider;
  children: (provider: I18nProvider) => ReactNode;
}) => {
  const [provider, setProvider] = useState(initial);
  // A fresh object around the same i18next instance: the context value changes, the instance and its bundles stay.
  const publish = useCallback<Publish>((current) => setProvider({ ...current }), []);
  return <PublishContext.Provider value={publish}>{children(provider)}</PublishContext.Provider>;
};

export function useSwitchLanguage(): [Language, (language: Language) => Promise<void>] {
  const [locale] = useLocaleState();
  const [, setStoredLocale] = useStore<string>('locale');
  const i18nProvider = useI18nProvider();
  const publish = useContext(PublishContext);
  const authProvider = useKontorAuthProvider();
  const switchLanguage = useCallback(
    async (language: Language) => {
      const session = readSession();
      if (session && session.user.language !== language) {
        // Stored locally at once so a reload before the answer keeps the choice.
        updateSessionUser({ ...session.user, language });
        // The provider keeps the stored user current with the answer.
        authProvider
          .updateProfile({ language })
          .catch((error: unknown) => console.warn('The language could not be saved in the profile.', error));
      }
      if (!publish) {
        // Outside the holder (a test rendering a page alone): react-admin's own way, remount included.
        setStoredLocale(language);
        return;
      }
      await i18nProvider.changeLocale(language);
      // Both updates land in one render (React batches after the await), so react-admin never sees them disagree.
      publish(i18nProvider);
      setStoredLocale(i18nProvider.getLocale());
    },
    [authProvider, i18nProvider, publish, setStoredLocale],
  );
  return [isLanguage(locale) ? locale : DEFAULT_LANGUAGE, switchLanguage];
}
