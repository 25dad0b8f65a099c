import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, TextField } from '@mui/material';
import { retryAfterSeconds } from '../../providers/httpClient';
import { formatWaitFromNow } from '../../i18n/dates';
import { AccountEmailField } from './AccountEmailField';

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

/**
 * The sign-in form without react-admin: the login page inside the app and the sign-in shell (src/client/signin) both
 * show it. `signIn` resolves once the session is stored (the form stays busy while the next page loads) and rejects
 * with the API's error, which the form words.
 */
export const LoginForm = ({
  translate,
  locale,
  signIn,
  forgotPasswordLink,
}: {
  translate: (key: string, options?: Record<string, string>) => string;
  locale: string;
  signIn: (credentials: { email: string; password: string }) => Promise<void>;
  /** The "forgot password?" link with its label: each caller navigates its own way. */
  forgotPasswordLink: (label: string) => ReactNode;
}) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<LoginError | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await signIn({ email, password });
    } catch (err) {
      setError(loginError(err, locale));
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {error ? (
        <Alert severity="error" role="alert">
          {translate(error.key, error.options)}
        </Alert>
      ) : null}
      <AccountEmailField label={translate('app.login.email')} value={email} onValue={setEmail} />
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
      {forgotPasswordLink(translate('app.login.forgot_link'))}
    </Box>
  );
};
