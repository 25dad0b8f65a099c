import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Link } from 'react-router-dom';
import {
  BooleanField,
  Button,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { LocalizedDateCol } from '../i18n/LocalizedDateField';
import { useRecordsExporter } from '../shell/download/recordsExporter';
import { ROLES } from '../../core/api';
import { roleChoices } from './roles';
import { usePersonColumns } from './personColumns';
import { EditableRecordList } from '../layout/EditableRecordList';

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
  const personColumns = usePersonColumns();
  const exporter = useRecordsExporter();
  return (
    <EditableRecordList
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<UserListActions />}
      exporter={exporter}
    >
      {personColumns}
      <DataTable.Col source="active" field={BooleanField} />
      <LocalizedDateCol source="updated_at" showTime />
    </EditableRecordList>
  );
};
