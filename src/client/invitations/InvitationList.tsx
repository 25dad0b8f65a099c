// No bulk selection: react-admin's row checkboxes carry their label on the wrapper, not the input (axe: critical).
import { Box, Chip, Typography } from '@mui/material';
import { CreateButton, Datagrid, EmailField, FunctionField, List, ReferenceField, SearchInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import type { InvitationRecord } from '../../core/api';
import { LANGUAGE_NAMES } from '../../core/languages';
import { LocalizedDateField } from '../i18n/LocalizedDateField';
import { useCan } from '../providers/RoleGate';
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
const Expiry = () => {
  const translate = useTranslate();
  return (
    <FunctionField<InvitationRecord>
      source="expires_at"
      render={(record) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LocalizedDateField source="expires_at" showTime />
          {Date.parse(record.expires_at) <= Date.now() ? (
            <Chip size="small" color="warning" label={translate('app.invitations.expired')} />
          ) : null}
        </Box>
      )}
    />
  );
};

/** Open invitations; mandant admins see their mandant's only (the server scopes the query). */
export const InvitationList = () => {
  const translate = useTranslate();
  const allMandants = useCan('read_all', 'mandants');
  return (
    <List
      title="app.invitations.open_list"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      actions={<TopToolbar><InviteButton /></TopToolbar>}
      empty={<Empty />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" />
        <EmailField source="email" />
        <FunctionField<InvitationRecord> source="role" render={(record) => translate(`app.roles.${record.role}`)} />
        {allMandants ? (
          <ReferenceField source="mandant_id" reference="mandants" link={false} emptyText="—" />
        ) : null}
        <FunctionField<InvitationRecord> source="language" render={(record) => LANGUAGE_NAMES[record.language] ?? ''} />
        <LocalizedDateField source="sent_at" showTime />
        <Expiry />
        <InvitationActions />
      </Datagrid>
    </List>
  );
};
