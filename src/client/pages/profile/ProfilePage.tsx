import { useEffect, useMemo, useState } from 'react';
import { can, seesAllMandants } from '../../../core/access/policy';
import { Card, CardContent, Typography } from '@mui/material';
import { useFormState, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  Labeled,
  PasswordInput,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Title,
  Toolbar,
  minLength,
  useGetIdentity,
  useNotify,
  useTranslate,
} from 'react-admin';
import { MIN_PASSWORD_LENGTH, type SessionUser, UpdateMeRequest } from '../../../core/api';
import type { Language } from '../../../core/languages';
import { currentUser, useKontorAuthProvider } from '../../providers/authProvider';
import { useClientValue } from '../../shell/persistence/useClientState';
import { MandantSettingsCard } from './MandantSettingsCard';
import { ApiTokensCard } from './ApiTokensCard';
import { submissionErrors } from './submissionErrors';
import { useSwitchLanguage } from '../../i18n/useSwitchLanguage';
import { contractRules } from '../../providers/contractRules';
import { LanguageInput } from '../../users/personInputs';

const nameRules = contractRules(UpdateMeRequest, 'name', { required: true });

// react-admin hands form values over untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FieldValues = Record<string, any>;

interface ProfileValues {
  name: string;
  email: string;
  language: Language;
  current_password?: string;
  new_password?: string;
  new_password_repeat?: string;
  keep_api_tokens?: boolean;
}

const needsCurrentPassword = (value: unknown, values: FieldValues) =>
  values.new_password && !value ? 'app.profile.current_password_required' : undefined;
const repeatsNewPassword = (value: unknown, values: FieldValues) =>
  (values.new_password ?? '') !== (value ?? '') ? 'app.validation.passwords_differ' : undefined;

/** The unsent part of the profile form (never passwords), kept in the persisted client state. */
interface ProfileDraft {
  [key: string]: string | number;
  /** Whose draft it is: another user signing in on this browser must not see it. */
  user_id: number;
  name: string;
  language: Language;
}

/** Records the form's unsaved name and language as the draft, and drops the draft once they match the saved user. */
const DraftKeeper = ({
  saved,
  onDraft,
}: {
  saved: SessionUser;
  onDraft: (draft: ProfileDraft | undefined) => void;
}) => {
  const [name, language] = useWatch({ name: ['name', 'language'] }) as [string | undefined, Language | undefined];
  const { isSubmitting } = useFormState();
  useEffect(() => {
    if (isSubmitting || name === undefined || language === undefined) return;
    const changed = name !== saved.name || language !== saved.language;
    onDraft(changed ? { user_id: saved.id, name, language } : undefined);
  }, [name, language, saved, isSubmitting, onDraft]);
  return null;
};

/** The signed-in user, the form's remount keys and the restored draft, with the save that updates them all. */
const useProfile = () => {
  const notify = useNotify();
  const [, switchLanguage] = useSwitchLanguage();
  const { refetch } = useGetIdentity();
  const authProvider = useKontorAuthProvider();
  const [user, setUser] = useState<SessionUser | null>(() => currentUser());
  // Remounting the form after a save clears the password fields and makes the saved values the new baseline.
  const [formKey, setFormKey] = useState(0);
  // A new password ends the API tokens (unless kept): remounting the token card reloads its list.
  const [tokensKey, setTokensKey] = useState(0);
  const [draft, setDraft] = useClientValue<ProfileDraft | null>('profile', 'draft', null);
  // The draft found when the page opened (or after a save: none); later edits live in the form itself.
  const [restored, setRestored] = useState<ProfileDraft | null>(() =>
    draft && user && draft.user_id === user.id && (draft.name !== user.name || draft.language !== user.language)
      ? draft
      : null,
  );
  // A stable record: react-admin resets the form whenever its default values change.
  const record = useMemo(
    () =>
      user && {
        name: restored?.name ?? user.name,
        email: user.email,
        language: restored?.language ?? user.language,
      },
    [user, restored],
  );

  const save = async (values: FieldValues) => {
    const v = values as ProfileValues;
    const request: UpdateMeRequest = { name: v.name, language: v.language };
    if (v.new_password) {
      request.current_password = v.current_password;
      request.new_password = v.new_password;
      request.keep_api_tokens = v.keep_api_tokens === true;
    }
    try {
      const json = await authProvider.updateProfile(request);
      setDraft(undefined);
      setRestored(null);
      setUser(json);
      setFormKey((key) => key + 1);
      if (request.new_password && !request.keep_api_tokens) setTokensKey((key) => key + 1);
      await refetch();
      await switchLanguage(json.language);
      notify('app.profile.saved', { type: 'success' });
      return undefined;
    } catch (error) {
      return submissionErrors(error, notify);
    }
  };

  return { user, formKey, tokensKey, restored, record, setDraft, save };
};

const PasswordSection = () => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
        {translate('app.profile.section_password')}
      </Typography>
      <PasswordInput
        source="current_password"
        label="app.profile.current_password"
        autoComplete="current-password"
        validate={needsCurrentPassword}
      />
      <PasswordInput
        source="new_password"
        label="app.profile.new_password"
        autoComplete="new-password"
        validate={minLength(MIN_PASSWORD_LENGTH, 'app.validation.password_too_short')}
        helperText={translate('app.validation.password_hint', { min: MIN_PASSWORD_LENGTH })}
      />
      <PasswordInput
        source="new_password_repeat"
        label="app.profile.repeat_password"
        autoComplete="new-password"
        validate={repeatsNewPassword}
      />
      {/* Said before saving: a new password ends the other sessions and, unless kept, the API tokens. */}
      <Typography variant="body2" color="text.secondary" data-testid="profile-password-ends-sessions">
        {translate('app.profile.password_ends_sessions')}
      </Typography>
      <BooleanInput source="keep_api_tokens" label="app.profile.keep_api_tokens" defaultValue={false} />
    </>
  );
};

/**
 * `/profile`: name, language and password of the signed-in user (`GET/PUT /api/auth/me`); for mandant admins the
 * mandant's settings; personal API tokens. Unsaved name and language survive a reload (the client state's
 * `profile.draft`); a save that fails (offline too) keeps the form as it is.
 */
const ProfilePage = () => {
  const translate = useTranslate();
  const { user, formKey, tokensKey, restored, record, setDraft, save } = useProfile();

  if (!user) return null;

  return (
    <>
      <Card sx={{ mt: 2, maxWidth: 720 }}>
        <Title title={translate('app.menu.profile')} />
        <CardContent sx={{ pb: 0 }}>
          <Typography variant="h5" component="h2">
            {translate('app.profile.title')}
          </Typography>
        </CardContent>
        <SimpleForm
          key={formKey}
          record={record ?? undefined}
          onSubmit={save}
          toolbar={
            <Toolbar>
              <SaveButton alwaysEnable={restored !== null} />
            </Toolbar>
          }
        >
          <DraftKeeper saved={user} onDraft={setDraft} />
          {restored ? (
            <Typography role="status" color="text.secondary" data-testid="profile-draft-restored">
              {translate('profile.draft_restored')}
            </Typography>
          ) : null}
          <Typography variant="h6" component="h3">
            {translate('app.profile.section_personal')}
          </Typography>
          <TextInput source="name" label="app.profile.name" validate={nameRules} />
          {/* Shown, not an input: only administrators change e-mail addresses (and a disabled input fails contrast). */}
          <Labeled label="app.profile.email">
            <TextField source="email" />
          </Labeled>
          <Typography variant="caption" color="text.secondary" sx={{ mt: -1, mb: 1 }}>
            {translate('app.profile.email_hint')}
          </Typography>
          <LanguageInput label="app.profile.language" />
          <PasswordSection />
        </SimpleForm>
      </Card>
      {/* The mandant's own admins keep its settings here; provider staff on the mandants screen. */}
      {!seesAllMandants(user.role) && can(user.role, 'update', 'mandants') && user.mandant_id !== null ? (
        <MandantSettingsCard mandantId={user.mandant_id} />
      ) : null}
      <ApiTokensCard key={tokensKey} />
    </>
  );
};

export default ProfilePage;
