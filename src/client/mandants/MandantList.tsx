import { BooleanField, Datagrid, List, SearchInput, TextField } from 'react-admin';
import { LocalizedDateField } from '../i18n/LocalizedDateField';
import { useRecordsExporter } from '../shell/download/recordsExporter';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Mandants (tenants); provider admins only. No bulk selection: see UserList. */
export const MandantList = () => (
  <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={useRecordsExporter()}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <TextField source="slug" />
      <BooleanField source="active" />
      <LocalizedDateField source="updated_at" showTime />
    </Datagrid>
  </List>
);
