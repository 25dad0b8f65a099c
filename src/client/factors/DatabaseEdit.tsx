/**
 * One factor database: its data (editable while draft), publish / archive, CSV import, the factors
 * (editable while draft; in a derived database beside the base values) and the diff to another version.
 */
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  Confirm,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { FactorDatabaseAction, FactorDatabaseRecord, Role } from '../../core/api';
import { mayChangeDatabase } from '../../core/access/policy';
import { useCan } from '../providers/RoleGate';
import { readSession } from '../providers/session';
import { httpErrorText } from '../providers/httpClient';
import { useDatabaseAction } from './api';
import { DiffView } from './DiffView';
import { RolloutChip } from './RolloutChip';
import { LocalizedDateInput } from '../i18n/LocalizedDateInput';
import { FactorTable } from './FactorTable';
import { ImportFactors } from './ImportFactorsButton';
import { FactorImpactConfirm } from './FactorImpactConfirm';

/** The policy's rule for this database and the signed-in user (their role as react-admin holds it, their mandant). */
function useMayChange(database: FactorDatabaseRecord | undefined): boolean {
  const { permissions } = usePermissions<Role | null>();
  const mandantId = readSession()?.user.mandant_id ?? null;
  return !!database && !!permissions && mayChangeDatabase({ role: permissions, mandant_id: mandantId }, database);
}

/** Message keys per action (`roll-out` is a URL segment). */
const keyOf = (action: FactorDatabaseAction) => action.replace('-', '_');
const DONE: Record<FactorDatabaseAction, string> = {
  publish: 'published',
  archive: 'archived',
  'roll-out': 'rolled_out',
};

const StatusActions = ({ database }: { database: FactorDatabaseRecord }) => {
  const translate = useTranslate();
  const mayRollOut = useCan('roll_out', 'databases');
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const rollable = mayRollOut && database.status === 'published' && database.mandant_id === null;
  // Publishing and archiving cannot be undone, a roll-out changes every mandant's new work: each is confirmed first.
  const [confirming, setConfirming] = useState<FactorDatabaseAction | null>(null);
  const { mutateAsync: changeStatus } = useDatabaseAction();
  const act = async (action: FactorDatabaseAction) => {
    setBusy(true);
    try {
      await changeStatus({ id: database.id, action });
      notify(`databases.notifications.${DONE[action]}`, { type: 'success' });
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
      <Chip
        label={translate(`databases.status.${database.status}`)}
        color={database.status === 'published' ? 'success' : database.status === 'draft' ? 'warning' : 'default'}
      />
      <RolloutChip database={database} />
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
      {rollable ? (
        <Button variant="outlined" disabled={busy} onClick={() => setConfirming('roll-out')} data-testid="roll-out">
          {translate('databases.actions.roll_out')}
        </Button>
      ) : null}
      {/* Publishing replaces the version calculations were computed with: it names them first (issue #34). */}
      <FactorImpactConfirm
        open={confirming === 'publish'}
        database={database}
        title={translate('databases.actions.publish_title', { name: `${database.name} (${database.version_label})` })}
        onConfirm={() => void act('publish')}
        onClose={() => setConfirming(null)}
      >
        <Typography variant="body2">{translate('databases.actions.publish_content')}</Typography>
      </FactorImpactConfirm>
      <Confirm
        isOpen={confirming !== null && confirming !== 'publish'}
        loading={busy}
        title={translate(`databases.actions.${keyOf(confirming ?? 'publish')}_title`, {
          name: `${database.name} (${database.version_label})`,
        })}
        content={translate(`databases.actions.${keyOf(confirming ?? 'publish')}_content`)}
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
      {!editable ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(database.status === 'draft' ? 'databases.readonly.role' : 'databases.readonly.published')}
        </Alert>
      ) : null}
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
    <SimpleForm toolbar={<FormToolbar />} warnWhenUnsavedChanges>
      <TextInput source="name" label="databases.fields.name" validate={required()} />
      <TextInput source="version_label" label="databases.fields.version_label" validate={required()} />
      <LocalizedDateInput source="valid_from" label="databases.fields.valid_from" />
      <TextInput source="source" label="databases.fields.source" multiline fullWidth />
      <TextInput source="gwp_set" label="databases.fields.gwp_set" helperText="databases.help.gwp_set" fullWidth />
      {/* A copy of a demo database keeps the marker until its owner says the values are real. */}
      <BooleanInput source="demo" label="databases.fields.demo" helperText="databases.fields.demo_help" />
      <DatabaseDetails />
    </SimpleForm>
  </Edit>
);
