import { ReferenceInput, SelectInput, SimpleForm, TextInput, required, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { CreateInvitationRequest, INVITATION_TTL_DAYS, type Role } from '../../core/api';
import { contractRules } from '../providers/contractRules';
import { seesAllMandants, SUGGESTED_ROLE } from '../../core/access/policy';
import { useCan } from '../providers/RoleGate';
import { DEFAULT_LANGUAGE } from '../../core/languages';
import { LanguageInput, RoleInput } from '../users/personInputs';

const nameRules = contractRules(CreateInvitationRequest, 'name');
const emailRules = contractRules(CreateInvitationRequest, 'email', { required: true });

/** Provider admins place the invitee in a mandant — except a future provider admin, who belongs to none. */
const MandantInput = () => {
  const role = useWatch({ name: 'role' }) as Role | undefined;
  if (seesAllMandants(role)) return null;
  return (
    <ReferenceInput source="mandant_id" reference="mandants" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" validate={required()} />
    </ReferenceInput>
  );
};

/** Name, address, role and language of the person to invite; the password is theirs to choose. */
export const InvitationForm = () => {
  const translate = useTranslate();
  const allMandants = useCan('read_all', 'mandants');
  return (
    <SimpleForm defaultValues={{ role: SUGGESTED_ROLE, language: DEFAULT_LANGUAGE }} warnWhenUnsavedChanges>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 560 }}>
        {translate('app.invitations.form_hint', { days: INVITATION_TTL_DAYS })}
      </Typography>
      <TextInput source="name" validate={nameRules} />
      <TextInput source="email" type="email" validate={emailRules} />
      <RoleInput />
      {allMandants ? <MandantInput /> : null}
      <LanguageInput />
    </SimpleForm>
  );
};
