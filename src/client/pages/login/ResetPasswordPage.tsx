import { useState, type FormEvent } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { ApiErrorBody } from '../../../core/api';
import { LoginLayout } from '../../layout/LoginLayout';
import { useKontorAuthProvider } from '../../providers/authProvider';
import { MailLinkOutcome } from './MailLinkOutcome';
import { useNewPassword } from './useNewPassword';

/** `/login/reset?token=…`: the link from the reset mail. */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const newPassword = useNewPassword();
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'invalid' | 'failed'>('idle');
  const authProvider = useKontorAuthProvider();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.check()) return;
    setState('sending');
    try {
      await authProvider.resetPassword(token, newPassword.password);
      setState('done');
    } catch (error) {
      const body = (error as { status?: number; body?: ApiErrorBody }).body;
      if (body?.errors?.password) {
        newPassword.setServerError(body.errors.password);
        setState('idle');
      } else {
        setState((error as { status?: number }).status === 400 ? 'invalid' : 'failed');
      }
    }
  };

  if (!token || state === 'done' || state === 'invalid') {
    const done = state === 'done';
    return (
      <MailLinkOutcome
        title={translate('app.reset.title')}
        succeeded={done}
        message={translate(done ? 'app.reset.success' : 'app.reset.invalid_link')}
        next={
          <Link component={RouterLink} to={done ? '/login' : '/login/forgot-password'} variant="body2">
            {translate(done ? 'app.common.back_to_login' : 'app.reset.request_new_link')}
          </Link>
        }
      />
    );
  }

  return (
    <LoginLayout title={translate('app.reset.title')}>
      {newPassword.form({
        onSubmit: submit,
        failed: state === 'failed',
        sending: state === 'sending',
        labels: {
          password: translate('app.reset.new_password'),
          repeat: translate('app.reset.repeat_password'),
          submit: translate('app.reset.submit'),
        },
      })}
    </LoginLayout>
  );
};
