import { useState } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import {
  Labeled, PasswordInput, SaveButton, SelectInput, SimpleForm, TextField, TextInput, Title, Toolbar, maxLength, minLength, required,
  useGetIdentity, useLocaleState, useNotify, useTranslate, type HttpError,
} from 'react-admin';
import { MIN_PASSWORD_LENGTH, type SessionUser, type UpdateMeRequest } from '../../../core/api';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../core/languages';
import { sendJson } from '../../providers/httpClient';
import { currentUser } from '../../providers/authProvider';
import { updateSessionUser } from '../../providers/session';

const languageChoices = LANGUAGES.map((id) => ({ id, name: LANGUAGE_NAMES[id] }));

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
}

const needsCurrentPassword = (value: unknown, values: FieldValues) =>
  values.new_password && !value ? 'app.profile.current_password_required' : undefined;
const repeatsNewPassword = (value: unknown, values: FieldValues) =>
  (values.new_password ?? '') !== (value ?? '') ? 'app.validation.passwords_differ' : undefined;

/** `/profile`: name, language and password of the signed-in user (`GET/PUT /api/auth/me`). */
export const ProfilePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [, setLocale] = useLocaleState();
  const { refetch } = useGetIdentity();
  const [user, setUser] = useState<SessionUser | null>(() => currentUser());
  // Remounting the form after a save clears the password fields and makes the saved values the new baseline.
  const [formKey, setFormKey] = useState(0);

  if (!user) return null;

  const save = async (values: FieldValues) => {
    const v = values as ProfileValues;
    const request: UpdateMeRequest = { name: v.name, language: v.language };
    if (v.new_password) {
      request.current_password = v.current_password;
      request.new_password = v.new_password;
    }
    try {
      const { json } = await sendJson<SessionUser>('/auth/me', 'PUT', request);
      updateSessionUser(json);
      setUser(json);
      setFormKey((key) => key + 1);
      await refetch();
      setLocale(json.language);
      notify('app.profile.saved', { type: 'success' });
      return undefined;
    } catch (error) {
      const { body, message } = error as HttpError & { body?: { errors?: Record<string, string> } };
      if (body?.errors && Object.keys(body.errors).length > 0) {
        notify('ra.message.invalid_form', { type: 'error' });
        return body.errors;
      }
      notify(message || 'app.common.server_error', { type: 'error' });
      return undefined;
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('app.menu.profile')} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h2">{translate('app.profile.title')}</Typography>
      </CardContent>
      <SimpleForm
        key={formKey}
        record={{ name: user.name, email: user.email, language: user.language }}
        onSubmit={save}
        toolbar={<Toolbar><SaveButton /></Toolbar>}
      >
        <Typography variant="h6" component="h3">{translate('app.profile.section_personal')}</Typography>
        <TextInput source="name" label="app.profile.name" validate={[required(), maxLength(120)]} />
        {/* Shown, not an input: only administrators change e-mail addresses (and a disabled input fails contrast). */}
        <Labeled label="app.profile.email">
          <TextField source="email" />
        </Labeled>
        <Typography variant="caption" color="text.secondary" sx={{ mt: -1, mb: 1 }}>
          {translate('app.profile.email_hint')}
        </Typography>
        <SelectInput source="language" label="app.profile.language" choices={languageChoices}
          validate={required()} />
        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>{translate('app.profile.section_password')}</Typography>
        <PasswordInput source="current_password" label="app.profile.current_password" autoComplete="current-password"
          validate={needsCurrentPassword} />
        <PasswordInput source="new_password" label="app.profile.new_password" autoComplete="new-password"
          validate={minLength(MIN_PASSWORD_LENGTH, 'app.validation.password_too_short')}
          helperText={translate('app.validation.password_hint', { min: MIN_PASSWORD_LENGTH })} />
        <PasswordInput source="new_password_repeat" label="app.profile.repeat_password" autoComplete="new-password"
          validate={repeatsNewPassword} />
      </SimpleForm>
    </Card>
  );
};
