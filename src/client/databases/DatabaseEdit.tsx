/**
 * One factor database: its data (editable while draft), publish / archive, CSV import, the factors
 * (editable while draft; in a derived database beside the base values) and the diff to another version.
 */
import { Alert, Box, Button, Card, CardContent, Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, Edit, SaveButton, SimpleForm, TextInput, Toolbar, required, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { FactorDatabaseRecord, Role } from '../../core/api';
import { readSession } from '../providers/session';
import { httpErrorText } from '../providers/httpClient';
import { changeStatus } from './api';
import { DiffView } from './DiffView';
import { LocalizedDateInput } from '../i18n/LocalizedDateInput';
import { FactorTable } from './FactorTable';
import { ImportFactors } from './ImportFactorsButton';

function mayWrite(role: Role | null | undefined, database: FactorDatabaseRecord): boolean {
  if (role === 'provider_admin') return true;
  return role === 'mandant_admin' && database.mandant_id !== null && database.mandant_id === readSession()?.user.mandant_id;
}

const StatusActions = ({ database }: { database: FactorDatabaseRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  // Both steps cannot be undone (a published database is immutable): each is confirmed first.
  const [confirming, setConfirming] = useState<'publish' | 'archive' | null>(null);
  const act = async (action: 'publish' | 'archive') => {
    setBusy(true);
    try {
      await changeStatus(database.id, action);
      notify(`databases.notifications.${action}ed`, { type: 'success' });
      refresh();
    } catch (problem) {
      notify(httpErrorText(problem), { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
      <Chip label={translate(`databases.status.${database.status}`)} color={database.status === 'published' ? 'success' : database.status === 'draft' ? 'warning' : 'default'} />
      {database.status === 'draft' ? (
        <Button variant="contained" disabled={busy} onClick={() => setConfirming('publish')}>
          {translate('databases.actions.publish')}
        </Button>
      ) : null}
      {database.status === 'published' ? (
        <Button variant="outlined" disabled={busy} onClick={() => setConfirming('archive')}>
          {translate('databases.actions.archive')}
        </Button>
      ) : null}
      <Confirm
        isOpen={confirming !== null}
        loading={busy}
        title={translate(`databases.actions.${confirming ?? 'publish'}_title`, { name: `${database.name} (${database.version_label})` })}
        content={translate(`databases.actions.${confirming ?? 'publish'}_content`)}
        onConfirm={() => confirming && void act(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
};

const DatabaseDetails = () => {
  const database = useRecordContext<FactorDatabaseRecord>();
  const translate = useTranslate();
  const { permissions } = usePermissions<Role | null>();
  if (!database) return null;
  const writable = mayWrite(permissions, database);
  const editable = writable && database.status === 'draft';
  return (
    <Box sx={{ width: '100%' }}>
      {writable ? <StatusActions database={database} /> : null}
      {!editable ? <Alert severity="info" sx={{ mb: 2 }}>{translate(database.status === 'draft' ? 'databases.readonly.role' : 'databases.readonly.published')}</Alert> : null}
      {editable ? <ImportFactors databaseId={database.id} /> : null}
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <FactorTable database={database} editable={editable} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <DiffView database={database} />
        </CardContent>
      </Card>
    </Box>
  );
};

const FormToolbar = () => {
  const database = useRecordContext<FactorDatabaseRecord>();
  const { permissions } = usePermissions<Role | null>();
  if (!database || database.status !== 'draft' || !mayWrite(permissions, database)) return null;
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
};

export const DatabaseEdit = () => (
  <Edit mutationMode="pessimistic" redirect={false}>
    <SimpleForm toolbar={<FormToolbar />}>
      <TextInput source="name" label="databases.fields.name" validate={required()} />
      <TextInput source="version_label" label="databases.fields.version_label" validate={required()} />
      <LocalizedDateInput source="valid_from" label="databases.fields.valid_from" />
      <TextInput source="source" label="databases.fields.source" multiline fullWidth />
      <DatabaseDetails />
    </SimpleForm>
  </Edit>
);
