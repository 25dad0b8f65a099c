// No bulk selection: react-admin's row checkboxes carry their label on the wrapper, not the input (axe: critical).
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Link } from 'react-router-dom';
import {
  BooleanField, Button, CreateButton, Datagrid, EmailField, ExportButton, FilterButton, FunctionField, List, ReferenceField, SearchInput, SelectInput, TextField, TopToolbar, useTranslate,
} from 'react-admin';
import { LocalizedDateField } from '../i18n/LocalizedDateField';
import { useRecordsExporter } from '../shell/download/recordsExporter';
import { ROLES, type UserRecord } from '../../core/api';
import { useCan } from '../providers/RoleGate';
import { LANGUAGE_NAMES } from '../../core/languages';
import { roleChoices } from './roles';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices(ROLES)} />,
];

/** Users are invited, not created: "Invite user" opens the invitation form; open invitations are one click away. */
const UserListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton resource="invitations" label="app.invitations.invite" />
    <Button component={Link} to="/invitations" label="app.invitations.open_list">
      <MailOutlineIcon />
    </Button>
    <ExportButton />
  </TopToolbar>
);

/** Users; mandant admins get only their mandant's users (the server scopes the query). */
export const UserList = () => {
  const translate = useTranslate();
  const allMandants = useCan('read_all', 'mandants');
  const exporter = useRecordsExporter();
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} actions={<UserListActions />} exporter={exporter}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <EmailField source="email" />
        <FunctionField source="role" render={(record: UserRecord) => translate(`app.roles.${record.role}`)} />
        {allMandants ? (
          <ReferenceField source="mandant_id" reference="mandants" link={false} emptyText="—" />
        ) : null}
        <FunctionField source="language" render={(record: UserRecord) => LANGUAGE_NAMES[record.language] ?? ''} />
        <BooleanField source="active" />
        <LocalizedDateField source="updated_at" showTime />
      </Datagrid>
    </List>
  );
};
