import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { LoginLayout } from '../../layout/LoginLayout';
import { useKontorAuthProvider } from '../../providers/authProvider';
import { isEmail } from '../../../core/rules/checks';
import { AccountEmailField } from './AccountEmailField';

/** `/login/forgot-password`: the server always answers 204, so the page never reveals whether an account exists. */
export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const authProvider = useKontorAuthProvider();
  // Kontor's own messages, on input and on blur, instead of the browser's bubble on submit.
  const emailError =
    email.trim() === ''
      ? translate('ra.validation.required')
      : !isEmail(email.trim())
        ? translate('ra.validation.email')
        : null;
  const shownError = touched ? emailError : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailError) return;
    setState('sending');
    try {
      await authProvider.forgotPassword(email);
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  return (
    <LoginLayout title={translate('app.forgot.title')}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {state === 'sent' ? (
          <Alert severity="success" role="status">
            {translate('app.forgot.sent')}
          </Alert>
        ) : null}
        {state === 'failed' ? (
          <Alert severity="error" role="alert">
            {translate('app.common.server_error')}
          </Alert>
        ) : null}
        {state !== 'sent' ? (
          <>
            <Alert severity="info">{translate('app.forgot.intro')}</Alert>
            <AccountEmailField
              label={translate('app.login.email')}
              value={email}
              onValue={setEmail}
              onBlur={() => setTouched(true)}
              error={!!shownError}
              helperText={shownError ?? ' '}
            />
            <Button type="submit" variant="contained" disabled={state === 'sending'}>
              {translate('app.forgot.submit')}
            </Button>
          </>
        ) : null}
        <Link component={RouterLink} to="/login" variant="body2">
          {translate('app.common.back_to_login')}
        </Link>
      </Box>
    </LoginLayout>
  );
};
