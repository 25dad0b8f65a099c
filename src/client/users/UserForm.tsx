import {
  BooleanInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  usePermissions,
} from 'react-admin';
import { UpdateUserRequest, type Role } from '../../core/api';
import { LANGUAGE_NAMES, LANGUAGES } from '../../core/languages';
import { assignableRoles } from '../../core/access/policy';
import { useCan } from '../providers/RoleGate';
import { contractRules } from '../providers/contractRules';
import { roleChoices } from './roles';

const nameRules = contractRules(UpdateUserRequest, 'name', { required: true });
const emailRules = contractRules(UpdateUserRequest, 'email', { required: true });
const languageChoices = LANGUAGES.map((id) => ({ id, name: LANGUAGE_NAMES[id] }));

/**
 * The edit form (new users are invited; passwords are their owners' alone, never set here). Only provider
 * admins may change an address: for a mandant admin "already in use" would reveal accounts of other mandants.
 */
export const UserForm = () => {
  const { permissions } = usePermissions<Role | null>();
  const isProviderAdmin = useCan('read_all', 'mandants');
  return (
    <SimpleForm warnWhenUnsavedChanges>
      <TextInput source="name" validate={nameRules} />
      <TextInput
        source="email"
        type="email"
        validate={emailRules}
        helperText={isProviderAdmin ? undefined : 'app.users.email_hint_mandant_admin'}
      />
      <SelectInput source="role" choices={roleChoices(assignableRoles(permissions))} validate={required()} />
      {isProviderAdmin ? (
        <ReferenceInput source="mandant_id" reference="mandants" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" helperText="app.users.mandant_hint" />
        </ReferenceInput>
      ) : null}
      <SelectInput source="language" choices={languageChoices} validate={required()} />
      <BooleanInput source="active" />
    </SimpleForm>
  );
};
