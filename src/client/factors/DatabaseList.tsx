import { Chip, Stack } from '@mui/material';
import {
  CreateButton,
  DataTable,
  FilterButton,
  SearchInput,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { formatDay } from '../i18n/dates';
import { LocalizedDateField } from '../i18n/LocalizedDateField';
import { FACTOR_DATABASE_STATUSES, type FactorDatabaseRecord } from '../../core/api';
import { RolloutChip } from './RolloutChip';
import { keyedFilter } from '../layout/keyedFilter';
import { EditableRecordList } from '../layout/EditableRecordList';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  keyedFilter('status', 'databases.fields.status', FACTOR_DATABASE_STATUSES, 'databases.status'),
];

const Actions = () => {
  // react-admin's CreateButton shows itself only to those the access policy lets create a database. Without the
  // FilterButton the status filter could not be added: custom actions replace react-admin's default toolbar.
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  );
};

/** Factor databases: global versions and the mandant's own; open one to see its factors. */
export const DatabaseList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <EditableRecordList filters={filters} actions={<Actions />} sort={{ field: 'valid_from', order: 'DESC' }}>
      <DataTable.Col source="name" label="databases.fields.name" />
      <DataTable.Col source="version_label" label="databases.fields.version_label" />
      <DataTable.Col<FactorDatabaseRecord>
        source="status"
        label="databases.fields.status"
        render={(record) => (
          <Stack direction="row" spacing={0.5}>
            <Chip
              size="small"
              color={record.status === 'published' ? 'success' : record.status === 'draft' ? 'warning' : 'default'}
              label={translate(`databases.status.${record.status}`)}
            />
            <RolloutChip database={record} size="small" />
          </Stack>
        )}
      />
      <DataTable.Col<FactorDatabaseRecord>
        label="databases.fields.scope"
        render={(record) => translate(record.mandant_id === null ? 'databases.scope.global' : 'databases.scope.own')}
      />
      <DataTable.Col<FactorDatabaseRecord>
        source="valid_from"
        label="databases.fields.valid_from"
        render={(record) => (record.valid_from ? formatDay(locale, record.valid_from) : '—')}
      />
      <DataTable.Col<FactorDatabaseRecord>
        label="databases.fields.gwp_set"
        render={(record) => record.gwp_set || '—'}
      />
      <DataTable.Col source="updated_at" label="databases.fields.updated_at">
        <LocalizedDateField source="updated_at" showTime />
      </DataTable.Col>
    </EditableRecordList>
  );
};
