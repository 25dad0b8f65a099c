// No bulk selection: react-admin's row checkboxes carry their label on the wrapper, not the input (axe: critical).
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Link } from 'react-router-dom';
import {
  BooleanField,
  Button,
  CreateButton,
  DataTable,
  EmailField,
  ExportButton,
  FilterButton,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  TopToolbar,
  useTranslate,
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
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      actions={<UserListActions />}
      exporter={exporter}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="email" field={EmailField} />
        <DataTable.Col<UserRecord> source="role" render={(record) => translate(`app.roles.${record.role}`)} />
        {allMandants ? (
          <DataTable.Col source="mandant_id">
            <ReferenceField source="mandant_id" reference="mandants" link={false} emptyText="—" />
          </DataTable.Col>
        ) : null}
        <DataTable.Col<UserRecord> source="language" render={(record) => LANGUAGE_NAMES[record.language] ?? ''} />
        <DataTable.Col source="active" field={BooleanField} />
        <DataTable.Col source="updated_at">
          <LocalizedDateField source="updated_at" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
