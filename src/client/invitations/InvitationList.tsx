// No bulk selection: react-admin's row checkboxes carry their label on the wrapper, not the input (axe: critical).
import { Box, Chip, Typography } from '@mui/material';
import { CreateButton, DataTable, List, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import type { InvitationRecord } from '../../core/api';
import { LocalizedDateCol, LocalizedDateField } from '../i18n/LocalizedDateField';
import { usePersonColumns } from '../users/personColumns';
import { InvitationActions } from './InvitationActions';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const InviteButton = () => <CreateButton label="app.invitations.invite" />;

const Empty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <Typography>{translate('app.invitations.empty')}</Typography>
      <InviteButton />
    </Box>
  );
};

/** "Valid until …", or "Expired" once the link no longer works (a resend gives it a new period). */
const Expiry = ({ record }: { record: InvitationRecord }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LocalizedDateField source="expires_at" showTime />
      {Date.parse(record.expires_at) <= Date.now() ? (
        <Chip size="small" color="warning" label={translate('app.invitations.expired')} />
      ) : null}
    </Box>
  );
};

/** Open invitations; mandant admins see their mandant's only (the server scopes the query). */
export const InvitationList = () => {
  const personColumns = usePersonColumns();
  return (
    <List
      title="app.invitations.open_list"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <InviteButton />
        </TopToolbar>
      }
      empty={<Empty />}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        {personColumns}
        <LocalizedDateCol source="sent_at" showTime />
        <DataTable.Col<InvitationRecord> source="expires_at" render={(record) => <Expiry record={record} />} />
        <DataTable.Col disableSort>
          <InvitationActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
