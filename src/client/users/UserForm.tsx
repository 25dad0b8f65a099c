import { BooleanInput, ReferenceInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { UpdateUserRequest } from '../../core/api';
import { useCan } from '../providers/RoleGate';
import { contractRules } from '../providers/contractRules';
import { LanguageInput, RoleInput } from './personInputs';

const nameRules = contractRules(UpdateUserRequest, 'name', { required: true });
const emailRules = contractRules(UpdateUserRequest, 'email', { required: true });

/**
 * The edit form (new users are invited; passwords are their owners' alone, never set here). Only provider
 * admins may change an address: for a mandant admin "already in use" would reveal accounts of other mandants.
 */
export const UserForm = () => {
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
      <RoleInput />
      {isProviderAdmin ? (
        <ReferenceInput source="mandant_id" reference="mandants" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" helperText="app.users.mandant_hint" />
        </ReferenceInput>
      ) : null}
      <LanguageInput />
      <BooleanInput source="active" />
    </SimpleForm>
  );
};
