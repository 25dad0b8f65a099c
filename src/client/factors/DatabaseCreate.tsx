import { Create, ReferenceInput, SelectInput, SimpleForm, TextInput, required, useTranslate } from 'react-admin';
import type { FactorDatabaseRecord } from '../../core/api';
import { RoleGate, useCan } from '../providers/RoleGate';
import { LocalizedDateInput } from '../i18n/LocalizedDateInput';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (value: unknown) =>
  value === null || value === undefined || value === '' || DATE.test(String(value))
    ? undefined
    : 'databases.validation.date';

/**
 * A new draft. Provider admins start empty or from a copy of any database; mandant admins derive
 * their mandant's own database from a published one (then override single factors).
 */
export const DatabaseCreate = () => (
  <RoleGate action="create" resource="databases">
    <DatabaseCreateForm />
  </RoleGate>
);

const DatabaseCreateForm = () => {
  const translate = useTranslate();
  // Only those who see every mandant start from scratch or copy a draft.
  const derive = !useCan('read_all', 'mandants');
  return (
    <Create redirect="edit">
      <SimpleForm warnWhenUnsavedChanges>
        <TextInput source="name" label="databases.fields.name" validate={required()} />
        <TextInput source="version_label" label="databases.fields.version_label" validate={required()} />
        <LocalizedDateInput source="valid_from" label="databases.fields.valid_from" validate={isoDate} />
        <TextInput source="source" label="databases.fields.source" multiline />
        <TextInput source="gwp_set" label="databases.fields.gwp_set" helperText="databases.help.gwp_set" />
        <ReferenceInput
          source="copy_from_id"
          reference="databases"
          filter={derive ? { status: 'published' } : {}}
          sort={{ field: 'valid_from', order: 'DESC' }}
        >
          <SelectInput
            label={derive ? 'databases.fields.derive_from' : 'databases.fields.copy_from'}
            optionText={(record: FactorDatabaseRecord) =>
              `${record.name} (${record.version_label}) – ${translate(`databases.status.${record.status}`)}`
            }
            validate={derive ? required() : undefined}
            emptyText={derive ? undefined : 'databases.create.empty'}
          />
        </ReferenceInput>
      </SimpleForm>
    </Create>
  );
};
