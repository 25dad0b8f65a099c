import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link, TextField } from '@mui/material';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useLogin, useTranslate } from 'react-admin';
import { useSwitchLanguage } from '../../i18n/useSwitchLanguage';
import { LoginLayout } from '../../layout/LoginLayout';
import { currentUser } from '../../providers/authProvider';
import { retryAfterSeconds } from '../../providers/httpClient';
import { formatWaitFromNow } from '../../i18n/dates';

interface LoginError {
  key: string;
  options?: Record<string, string>;
}

function loginError(error: unknown, locale: string): LoginError {
  const status = (error as { status?: number } | null)?.status;
  if (status === 401 || status === 400) return { key: 'app.login.failed' };
  if (status === 429) {
    // Throttled sign-ins wait a growing time (seconds at first): say how long, not "a moment".
    const wait = retryAfterSeconds(error);
    if (wait !== null)
      return { key: 'app.login.rate_limited_wait', options: { wait: formatWaitFromNow(locale, wait) } };
    return { key: 'app.login.rate_limited' };
  }
  return { key: 'app.login.unavailable' };
}

/** `/login` (react-admin's loginPage). After signing in, the profile's language takes over. */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const [locale, switchLanguage] = useSwitchLanguage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<LoginError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Opened while signed in (a bookmark, the back button): home, where a stale session is found out and ends here again.
  const [signedInAlready] = useState(() => currentUser() !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await login({ email, password });
      const user = currentUser();
      if (user) await switchLanguage(user.language);
    } catch (err) {
      setError(loginError(err, locale));
      setSubmitting(false);
    }
  };

  if (signedInAlready) return <Navigate to="/" replace />;
  return (
    <LoginLayout title={translate('app.login.title')}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {error ? (
          <Alert severity="error" role="alert">
            {translate(error.key, error.options)}
          </Alert>
        ) : null}
        <TextField
          name="email"
          type="email"
          label={translate('app.login.email')}
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          name="password"
          type="password"
          label={translate('app.login.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={submitting}
          startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : null}
        >
          {translate('app.login.submit')}
        </Button>
        <Link component={RouterLink} to="/login/forgot-password" variant="body2">
          {translate('app.login.forgot_link')}
        </Link>
      </Box>
    </LoginLayout>
  );
};
