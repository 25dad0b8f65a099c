import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { MIN_PASSWORD_LENGTH, type ApiErrorBody } from '../../../core/api';
import { LoginLayout } from '../../layout/LoginLayout';
import { sendJson } from '../../providers/httpClient';

/** `/login/reset?token=…`: the link from the reset mail. */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [repeatError, setRepeatError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'invalid' | 'failed'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tooShort = password.length < MIN_PASSWORD_LENGTH;
    setFieldError(tooShort ? translate('app.validation.password_too_short', { min: MIN_PASSWORD_LENGTH }) : null);
    setRepeatError(password !== repeat ? translate('app.validation.passwords_differ') : null);
    if (tooShort || password !== repeat) return;
    setState('sending');
    try {
      await sendJson('/auth/reset-password', 'POST', { token, password });
      setState('done');
    } catch (error) {
      const body = (error as { status?: number; body?: ApiErrorBody }).body;
      if (body?.errors?.password) {
        setFieldError(body.errors.password);
        setState('idle');
      } else {
        setState((error as { status?: number }).status === 400 ? 'invalid' : 'failed');
      }
    }
  };

  if (!token || state === 'done' || state === 'invalid') {
    const message = state === 'done' ? 'app.reset.success' : 'app.reset.invalid_link';
    return (
      <LoginLayout title={translate('app.reset.title')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity={state === 'done' ? 'success' : 'error'} role="status">{translate(message)}</Alert>
          <Link component={RouterLink} to={state === 'done' ? '/login' : '/login/forgot-password'} variant="body2">
            {translate(state === 'done' ? 'app.common.back_to_login' : 'app.reset.request_new_link')}
          </Link>
        </Box>
      </LoginLayout>
    );
  }

  return (
    <LoginLayout title={translate('app.reset.title')}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {state === 'failed' ? <Alert severity="error" role="alert">{translate('app.common.server_error')}</Alert> : null}
        <TextField name="password" type="password" label={translate('app.reset.new_password')}
          autoComplete="new-password" required autoFocus value={password} onChange={(e) => setPassword(e.target.value)}
          error={!!fieldError} helperText={fieldError ?? translate('app.validation.password_hint',
            { min: MIN_PASSWORD_LENGTH })} />
        <TextField name="password_repeat" type="password" label={translate('app.reset.repeat_password')}
          autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.target.value)}
          error={!!repeatError} helperText={repeatError ?? ' '} />
        <Button type="submit" variant="contained" disabled={state === 'sending'}>
          {translate('app.reset.submit')}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2">{translate('app.common.back_to_login')}</Link>
      </Box>
    </LoginLayout>
  );
};
