/**
 * One factor database: its data (editable while draft), publish / archive, CSV import, the factors
 * (editable while draft; in a derived database beside the base values) and the diff to another version.
 */
import { Alert, Box, Button, Card, CardContent, Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, DateInput, Edit, SaveButton, SimpleForm, TextInput, Toolbar, required, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { FactorDatabaseRecord, Role } from '../../core/api';
import { mayChangeDatabase } from '../../core/access/policy';
import { readSession } from '../providers/session';
import { httpErrorText } from '../providers/httpClient';
import { changeStatus } from './api';
import { DiffView } from './DiffView';
import { FactorTable } from './FactorTable';
import { ImportFactors } from './ImportFactorsButton';


/** The policy's rule for this database and the signed-in user (their role as react-admin holds it, their mandant). */
function useMayChange(database: FactorDatabaseRecord | undefined): boolean {
  const { permissions } = usePermissions<Role | null>();
  const mandantId = readSession()?.user.mandant_id ?? null;
  return !!database && !!permissions && mayChangeDatabase({ role: permissions, mandant_id: mandantId }, database);
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
  const writable = useMayChange(database);
  if (!database) return null;
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
  const writable = useMayChange(database);
  if (!database || database.status !== 'draft' || !writable) return null;
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
      <DateInput source="valid_from" label="databases.fields.valid_from" parse={(v: string) => v || null} />
      <TextInput source="source" label="databases.fields.source" multiline fullWidth />
      <DatabaseDetails />
    </SimpleForm>
  </Edit>
);
