/**
 * The inputs a user's record and an invitation share: the role, among those the signed-in admin may give
 * (core/access/policy.ts), and the interface language (which the profile uses too).
 */
import { SelectInput, required, usePermissions } from 'react-admin';
import type { Role } from '../../core/api';
import { assignableRoles } from '../../core/access/policy';
import { LANGUAGE_NAMES, LANGUAGES } from '../../core/languages';
import { roleChoices } from './roles';

const languageChoices = LANGUAGES.map((id) => ({ id, name: LANGUAGE_NAMES[id] }));

export const RoleInput = () => {
  const { permissions } = usePermissions<Role | null>();
  return <SelectInput source="role" choices={roleChoices(assignableRoles(permissions))} validate={required()} />;
};

/** `label` where the form's own wording differs from the resource's field name (the profile's "Language"). */
export const LanguageInput = ({ label }: { label?: string }) => (
  <SelectInput source="language" label={label} choices={languageChoices} validate={required()} />
);
