/**
 * The login page as a visitor who is not signed in meets it: React, MUI's theme and the few components the card
 * needs, the sign-in texts — no react-admin, router or query library (issue #22). It looks exactly like the app's own
 * `/login` (both draw `LoginFrame` and `LoginForm`); once signed in, `onSignedIn` loads the app.
 */
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { CssBaseline, Link } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { Language } from '../../core/languages';
import { applyLanguage } from '../i18n/languagePreference';
import { kontorTheme } from '../layout/theme';
import { LanguagePicker } from '../layout/LanguagePicker';
import { LoginFrame } from '../layout/LoginFrame';
import { LoginForm } from '../pages/login/LoginForm';
import { signIn } from '../providers/authProvider';
import { getRuntimeConfig } from '../providers/runtimeConfig';
import { loadSignInLanguage, translateSignIn } from './signInMessages';

const FORGOT_PASSWORD_PATH = '/login/forgot-password';

export const SignInShell = ({
  initialLanguage,
  onSignedIn,
  onOpenInApp,
}: {
  /** Already loaded (`loadSignInLanguage`). */
  initialLanguage: Language;
  /** The session is stored; the shell stays busy until the app replaces it. */
  onSignedIn: () => Promise<void>;
  /** A sign-in page the app shows (forgot password). */
  onOpenInApp: (path: string) => void;
}) => {
  const theme = useMemo(() => createTheme(kontorTheme), []);
  const [language, setLanguage] = useState(initialLanguage);
  const translate = (key: string, options?: Record<string, string>) => translateSignIn(language, key, options);
  const title = translate('app.login.title');
  const documentTitle = translate('app.document_title_page', {
    page: title,
    provider: getRuntimeConfig().provider.name,
  });

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  const changeLanguage = async (requested: Language) => {
    const loaded = await loadSignInLanguage(requested);
    applyLanguage(loaded);
    setLanguage(loaded);
  };

  const openForgotPassword = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window loads the page by its address, as any link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpenInApp(FORGOT_PASSWORD_PATH);
  };

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme>
        <LoginFrame
          title={title}
          tagline={translate('app.tagline')}
          languageMenu={
            <LanguagePicker
              language={language}
              changeLabel={translate('app.language.change')}
              onChange={(code) => void changeLanguage(code)}
            />
          }
        >
          <LoginForm
            translate={translate}
            locale={language}
            signIn={async (credentials) => {
              await signIn(credentials);
              // The app starts in the profile's language (useKontorI18nProvider), as after its own sign-in.
              await onSignedIn();
            }}
            forgotPasswordLink={(label) => (
              <Link href={FORGOT_PASSWORD_PATH} variant="body2" onClick={openForgotPassword}>
                {label}
              </Link>
            )}
          />
        </LoginFrame>
      </CssBaseline>
    </ThemeProvider>
  );
};
