import { useState } from 'react';
import { Link } from '@mui/material';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useLogin, useTranslate } from 'react-admin';
import { useSwitchLanguage } from '../../i18n/useSwitchLanguage';
import { LoginLayout } from '../../layout/LoginLayout';
import { currentUser } from '../../providers/authProvider';
import { LoginForm } from './LoginForm';

/**
 * `/login` inside the app (react-admin's loginPage): where a session that ended sends the user. A visitor who opens
 * the site signed out meets the same form in the sign-in shell (src/client/signin) instead. After signing in, the
 * profile's language takes over.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const [locale, switchLanguage] = useSwitchLanguage();
  // Opened while signed in (a bookmark, the back button): home, where a stale session is found out and ends here again.
  const [signedInAlready] = useState(() => currentUser() !== null);

  if (signedInAlready) return <Navigate to="/" replace />;
  return (
    <LoginLayout title={translate('app.login.title')}>
      <LoginForm
        translate={translate}
        locale={locale}
        signIn={async (credentials) => {
          await login(credentials);
          const user = currentUser();
          if (user) await switchLanguage(user.language);
        }}
        forgotPasswordLink={(label) => (
          <Link component={RouterLink} to="/login/forgot-password" variant="body2">
            {label}
          </Link>
        )}
      />
    </LoginLayout>
  );
};
