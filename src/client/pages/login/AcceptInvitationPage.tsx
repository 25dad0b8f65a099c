import { useState, type FormEvent } from 'react';
import { Button, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Loading, useLocaleState, useTranslate } from 'react-admin';
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

/** The server's reason for refusing a link (used, replaced, expired), if that is what `error` is. */
function refusalOf(error: unknown): string | null {
  const status = (error as { status?: number } | null)?.status;
  const body = (error as { body?: ApiErrorBody } | null)?.body;
  return (status === 400 || status === 404) && body?.message ? body.message : null;
}

/**
 * `/login/invitation?token=…`: the link from the invitation mail. The page first asks which account the link creates
 * and says it (address, mandant), or why the link no longer works, before anything is typed (issue #35). The invitee
 * chooses a password (checked as they type and when they leave a field); the account is created and they are signed
 * in with it.
 */
export const AcceptInvitationPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const newPassword = useNewPassword();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const authProvider = useKontorAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lookup = useQuery({
    queryKey: ['invitation-by-token', token, locale],
    queryFn: () => authProvider.invitationByToken(token, locale),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
  // Only a refused link stops the page; if the lookup itself fails (offline), the form still works.
  const lookupRefusal = refusalOf(lookup.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.check()) return;
    setState({ kind: 'sending' });
    try {
      const { email } = await authProvider.acceptInvitation(token, newPassword.password, locale);
      try {
        // Signed in with the password just set: the invitee lands in the app, not on another form.
        await authProvider.login({ email, password: newPassword.password });
        // The app was opened signed out: react-admin still holds that answer and would sign the invitee straight out
        // again on the first page (LogoutOnMount). Asked again now, it knows the new session; then into the app.
        await queryClient.invalidateQueries({ queryKey: ['auth'] });
        void navigate('/');
      } catch {
        // Signing in may still be refused (throttled, offline): the account exists, /login is the way in.
        setState({ kind: 'done', email });
      }
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

  if (token && lookup.isPending) return <Loading />;

  if (!token || lookupRefusal || state.kind === 'done' || state.kind === 'refused') {
    const done = state.kind === 'done';
    const message = done
      ? translate('app.accept.success', { email: state.email })
      : state.kind === 'refused'
        ? state.message
        : (lookupRefusal ?? translate('app.accept.missing_token'));
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
        intro: (
          <>
            {lookup.data && (
              <Typography variant="body1" sx={{ mb: 1 }} data-testid="invitation-account">
                {lookup.data.mandant === null
                  ? translate('app.accept.account_provider', { email: lookup.data.email })
                  : translate('app.accept.account', { email: lookup.data.email, mandant: lookup.data.mandant })}
              </Typography>
            )}
            <Typography variant="body2">{translate('app.accept.intro')}</Typography>
          </>
        ),
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
