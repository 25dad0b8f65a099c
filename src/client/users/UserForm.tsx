import {
  BooleanInput, PasswordInput, ReferenceInput, SelectInput, SimpleForm, TextInput, email, maxLength, minLength,
  required, usePermissions,
} from 'react-admin';
import { MIN_PASSWORD_LENGTH, type Role } from '../../core/api';
import { LANGUAGE_NAMES, LANGUAGES } from '../../core/languages';
import { assignableRoles, roleChoices } from './roles';

const languageChoices = LANGUAGES.map((id) => ({ id, name: LANGUAGE_NAMES[id] }));

/**
 * The edit form (new users are invited). The password is optional ("leave empty to keep"). Only provider
 * admins may change an address: for a mandant admin "already in use" would reveal accounts of other mandants.
 */
export const UserForm = () => {
  const { permissions } = usePermissions<Role | null>();
  const isProviderAdmin = permissions === 'provider_admin';
  return (
    <SimpleForm>
      <TextInput source="name" validate={[required(), maxLength(120)]} />
      <TextInput source="email" type="email" validate={[required(), email(), maxLength(254)]}
        helperText={isProviderAdmin ? undefined : 'app.users.email_hint_mandant_admin'} />
      <SelectInput source="role" choices={roleChoices(assignableRoles(permissions))} validate={required()} />
      {isProviderAdmin ? (
        <ReferenceInput source="mandant_id" reference="mandants" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" helperText="app.users.mandant_hint" />
        </ReferenceInput>
      ) : null}
      <SelectInput source="language" choices={languageChoices} validate={required()} />
      <BooleanInput source="active" />
      <PasswordInput source="password" autoComplete="new-password"
        validate={minLength(MIN_PASSWORD_LENGTH, 'app.validation.password_too_short')} helperText="app.users.password_hint_edit" />
    </SimpleForm>
  );
};

/** An untouched or cleared password field means "keep the current password": it is not sent at all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const dropEmptyPassword = (data: Record<string, any>) => {
  const { password, ...rest } = data;
  return password ? { ...rest, password } : rest;
};
