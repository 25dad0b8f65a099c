import { Chip, Stack } from '@mui/material';
import { CreateButton, Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { formatDay } from '../i18n/dates';
import { LocalizedDateField } from '../i18n/LocalizedDateField';
import { FACTOR_DATABASE_STATUSES, type FactorDatabaseRecord } from '../../core/api';
import { RolloutChip } from './RolloutChip';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label="databases.fields.status" choices={FACTOR_DATABASE_STATUSES.map((s) => ({ id: s, name: `databases.status.${s}` }))} />,
];

const Actions = () => {
  // react-admin's CreateButton shows itself only to those the access policy lets create a database.
  return <TopToolbar><CreateButton /></TopToolbar>;
};

/** Factor databases: global versions and the mandant's own; open one to see its factors. */
export const DatabaseList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'valid_from', order: 'DESC' }} perPage={25}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" label="databases.fields.name" />
        <TextField source="version_label" label="databases.fields.version_label" />
        <FunctionField
          source="status"
          label="databases.fields.status"
          render={(record: FactorDatabaseRecord) => (
            <Stack direction="row" spacing={0.5}>
              <Chip size="small" color={record.status === 'published' ? 'success' : record.status === 'draft' ? 'warning' : 'default'} label={translate(`databases.status.${record.status}`)} />
              <RolloutChip database={record} size="small" />
            </Stack>
          )}
        />
        <FunctionField
          label="databases.fields.scope"
          render={(record: FactorDatabaseRecord) => translate(record.mandant_id === null ? 'databases.scope.global' : 'databases.scope.own')}
        />
        <FunctionField source="valid_from" label="databases.fields.valid_from" render={(record: FactorDatabaseRecord) => (record.valid_from ? formatDay(locale, record.valid_from) : '—')} />
        <LocalizedDateField source="updated_at" label="databases.fields.updated_at" showTime />
      </Datagrid>
    </List>
  );
};
