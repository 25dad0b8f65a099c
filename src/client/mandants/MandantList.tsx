import { BooleanField, DataTable, List, SearchInput } from 'react-admin';
import { LocalizedDateCol } from '../i18n/LocalizedDateField';
import { useRecordsExporter } from '../shell/download/recordsExporter';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Mandants (tenants); provider admins only. No bulk selection: see UserList. */
export const MandantList = () => (
  <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={useRecordsExporter()}>
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="slug" />
      <DataTable.Col source="active" field={BooleanField} />
      <LocalizedDateCol source="updated_at" showTime />
    </DataTable>
  </List>
);
