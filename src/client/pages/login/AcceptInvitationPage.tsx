import { useState, type FormEvent } from 'react';
import { Button, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ApiErrorBody } from '../../../core/api';
import { LoginLayout } from '../../layout/LoginLayout';
import { useKontorAuthProvider } from '../../providers/authProvider';
import { MailLinkOutcome } from './MailLinkOutcome';
import { useNewPassword } from './useNewPassword';

type State =
  | { kind: 'idle' | 'sending' | 'failed' }
  | { kind: 'done'; email: string }
  /** The server's reason (already used, revoked, replaced, expired, account exists), in the page's language. */
  | { kind: 'refused'; message: string };

/**
 * `/login/invitation?token=…`: the link from the invitation mail. The invitee chooses a password (checked
 * as they type and when they leave a field); the account is created and they sign in with it on /login.
 */
export const AcceptInvitationPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const newPassword = useNewPassword();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const authProvider = useKontorAuthProvider();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.check()) return;
    setState({ kind: 'sending' });
    try {
      const { email } = await authProvider.acceptInvitation(token, newPassword.password, locale);
      setState({ kind: 'done', email });
    } catch (error) {
      const status = (error as { status?: number }).status;
      const body = (error as { body?: ApiErrorBody }).body;
      if (body?.errors?.password) {
        newPassword.setServerError(body.errors.password);
        setState({ kind: 'idle' });
      } else if (status === 400 && body?.message) {
        setState({ kind: 'refused', message: body.message });
      } else {
        setState({ kind: 'failed' });
      }
    }
  };

  if (!token || state.kind === 'done' || state.kind === 'refused') {
    const done = state.kind === 'done';
    const message = done
      ? translate('app.accept.success', { email: state.email })
      : state.kind === 'refused'
        ? state.message
        : translate('app.accept.missing_token');
    return (
      <MailLinkOutcome
        title={translate('app.accept.title')}
        succeeded={done}
        message={message}
        next={
          <Button component={RouterLink} to="/login" variant={done ? 'contained' : 'text'}>
            {translate(done ? 'app.accept.sign_in' : 'app.common.back_to_login')}
          </Button>
        }
      />
    );
  }

  return (
    <LoginLayout title={translate('app.accept.title')}>
      {newPassword.form({
        onSubmit: submit,
        intro: <Typography variant="body2">{translate('app.accept.intro')}</Typography>,
        failed: state.kind === 'failed',
        sending: state.kind === 'sending',
        labels: {
          password: translate('app.accept.password'),
          repeat: translate('app.accept.repeat_password'),
          submit: translate('app.accept.submit'),
        },
      })}
    </LoginLayout>
  );
};
