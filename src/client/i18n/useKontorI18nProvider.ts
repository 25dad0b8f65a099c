import { useEffect, useRef, useState } from 'react';
import type { I18nProvider } from 'react-admin';
import { createI18nProvider } from '../providers/i18nProvider';
import { resolveInitialLanguage } from './languagePreference';
import { readSession } from '../providers/session';

/** Builds the i18nProvider once, in the language the user should see first (profile, cookie, browser, German). */
export function useKontorI18nProvider(): I18nProvider | null {
  const [provider, setProvider] = useState<I18nProvider | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void createI18nProvider(resolveInitialLanguage(readSession()?.user.language)).then(setProvider);
  }, []);
  return provider;
}
