import { BooleanField, DataTable, SearchInput } from 'react-admin';
import { LocalizedDateCol } from '../i18n/LocalizedDateField';
import { useRecordsExporter } from '../shell/download/recordsExporter';
import { EditableRecordList } from '../layout/EditableRecordList';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Mandants (tenants); provider admins only. */
export const MandantList = () => (
  <EditableRecordList filters={filters} sort={{ field: 'name', order: 'ASC' }} exporter={useRecordsExporter()}>
    <DataTable.Col source="name" />
    <DataTable.Col source="slug" />
    <DataTable.Col source="active" field={BooleanField} />
    <LocalizedDateCol source="updated_at" showTime />
  </EditableRecordList>
);
