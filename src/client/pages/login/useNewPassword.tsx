import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { MIN_PASSWORD_LENGTH } from '../../../core/api/vocabulary';

/**
 * A new password and its repetition, for the sign-in pages that set one (reset link, invitation). A field is checked
 * once it was typed into or left, and again on every keystroke from then on; submitting shows every message.
 */
export function useNewPassword() {
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState({ password: false, repeat: false });
  const [serverError, setServerError] = useState<string | null>(null);

  const passwordError =
    password.length < MIN_PASSWORD_LENGTH
      ? translate('app.validation.password_too_short', { min: MIN_PASSWORD_LENGTH })
      : null;
  const repeatError = repeat !== password ? translate('app.validation.passwords_differ') : null;
  const shownPassword = touched.password || password !== '' ? (serverError ?? passwordError) : null;
  const shownRepeat = touched.repeat || repeat !== '' ? repeatError : null;

  const fields = (labels: { password: string; repeat: string }) => (
    <>
      <TextField
        name="password"
        type="password"
        label={labels.password}
        autoComplete="new-password"
        required
        autoFocus
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setServerError(null);
        }}
        onBlur={() => setTouched((t) => ({ ...t, password: true }))}
        error={!!shownPassword}
        helperText={shownPassword ?? translate('app.validation.password_hint', { min: MIN_PASSWORD_LENGTH })}
      />
      <TextField
        name="password_repeat"
        type="password"
        label={labels.repeat}
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, repeat: true }))}
        error={!!shownRepeat}
        helperText={shownRepeat ?? ' '}
      />
    </>
  );

  return {
    password,
    /** Before sending: shows every message; true when the input may be sent. */
    check(): boolean {
      setTouched({ password: true, repeat: true });
      return !passwordError && !repeatError;
    },
    /** A field error the server gave for the password (e.g. too weak). */
    setServerError,
    /** The page's whole form: an intro, the server's failure, both fields, the submit button and the way back. */
    form: (props: {
      onSubmit: (event: FormEvent) => void;
      intro?: ReactNode;
      failed: boolean;
      sending: boolean;
      labels: { password: string; repeat: string; submit: string };
    }) => (
      <Box
        component="form"
        onSubmit={props.onSubmit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {props.intro}
        {props.failed ? (
          <Alert severity="error" role="alert">
            {translate('app.common.server_error')}
          </Alert>
        ) : null}
        {fields(props.labels)}
        <Button type="submit" variant="contained" disabled={props.sending}>
          {props.labels.submit}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2">
          {translate('app.common.back_to_login')}
        </Link>
      </Box>
    ),
  };
}
