/**
 * `/migrations`: move the mandant's calculations to another published factor database. Pick the
 * target, read the preview (nothing changes yet), then apply or discard; applied migrations can be
 * rolled back from the history as long as the calculations were not changed since.
 */
import { Alert, Button, Card, Chip, CardContent, FormControl, InputLabel, MenuItem, Select, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Title, useGetList, useLocaleState, useNotify, usePermissions, useRefresh, useTranslate } from 'react-admin';
import type { FactorDatabaseRecord, FactorMigrationRecord, MandantRecord, Role } from '../../core/api';
import { createPreview, downloadItemsCsv, migrationStep } from './api';
import { formatDateTime, formatKg } from './format';
import { MigrationPreview } from './MigrationPreview';

const ALL = { page: 1, perPage: 200 };

function errorMessage(error: unknown): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  if (body && typeof body.message === 'string') return body.message;
  return error instanceof Error ? error.message : String(error);
}

const MigrationsPage = () => {
  const translate = useTranslate();
  const [locale = 'de'] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<Role | null>();
  const canWrite = permissions === 'provider_admin' || permissions === 'mandant_admin' || permissions === 'editor';
  // From a calculation's page: `?calculation=<id>&to=<database>` migrates only that calculation.
  const [params, setParams] = useSearchParams();
  const onlyCalculation = Number(params.get('calculation')) || null;
  const [target, setTarget] = useState<number | ''>(() => Number(params.get('to')) || '');
  const [mandant, setMandant] = useState<number | ''>('');
  const [selected, setSelected] = useState<FactorMigrationRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState<FactorMigrationRecord | null>(null);

  const databases = useGetList<FactorDatabaseRecord>('databases', { pagination: ALL, sort: { field: 'valid_from', order: 'DESC' } });
  const published = (databases.data ?? []).filter((database) => database.status === 'published');
  const nameOf = (id: number | null) => {
    const found = (databases.data ?? []).find((database) => database.id === id);
    return found ? `${found.name} (${found.version_label})` : id === null ? '—' : `#${id}`;
  };
  const mandants = useGetList<MandantRecord>('mandants', { pagination: ALL, sort: { field: 'name', order: 'ASC' } }, { enabled: permissions === 'provider_admin' });
  const history = useGetList<FactorMigrationRecord>('migrations', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'DESC' } });

  const run = async (work: () => Promise<FactorMigrationRecord>, done: string) => {
    setBusy(true);
    try {
      const record = await work();
      setSelected(record);
      setStale(null);
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      const status = (error as { status?: number } | null)?.status;
      if (status === 409 && selected?.status === 'previewed') setStale(selected);
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const preview = (to: number, mandantId?: number) =>
    run(() => createPreview({ to_database_id: to, ...(onlyCalculation ? { calculation_ids: [onlyCalculation] } : {}), ...(permissions === 'provider_admin' && mandantId ? { mandant_id: mandantId } : {}) }), 'migrations.notifications.previewed');

  return (
    <>
      <Title title={translate('migrations.title')} />
      <Stack spacing={2} sx={{ mt: 2 }}>
        {canWrite ? (
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {translate('migrations.new.title')}
              </Typography>
              <Typography variant="body2" sx={{ mb: 2 }}>
                {translate('migrations.new.help')}
              </Typography>
              <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap">
                {permissions === 'provider_admin' ? (
                  <FormControl size="small" sx={{ minWidth: 220 }}>
                    <InputLabel id="migration-mandant">{translate('migrations.fields.mandant')}</InputLabel>
                    <Select labelId="migration-mandant" label={translate('migrations.fields.mandant')} value={mandant} onChange={(event) => setMandant(event.target.value as number)}>
                      {(mandants.data ?? []).map((m) => (
                        <MenuItem key={m.id} value={m.id}>{m.name}</MenuItem>
                      ))}
                    </Select>
                  </FormControl>
                ) : null}
                <FormControl size="small" sx={{ minWidth: 280 }}>
                  <InputLabel id="migration-target">{translate('migrations.fields.target')}</InputLabel>
                  <Select
                    labelId="migration-target"
                    label={translate('migrations.fields.target')}
                    value={target}
                    onChange={(event) => setTarget(event.target.value as number)}
                    data-testid="migration-target"
                  >
                    {published.map((database) => (
                      <MenuItem key={database.id} value={database.id}>
                        {database.name} ({database.version_label})
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
                {onlyCalculation ? (
                  <Chip label={translate('migrations.new.only_calculation', { id: onlyCalculation })} onDelete={() => setParams({})} />
                ) : null}
                <Button variant="contained" disabled={busy || target === '' || (permissions === 'provider_admin' && mandant === '')} onClick={() => void preview(target as number, mandant === '' ? undefined : mandant)}>
                  {translate('migrations.actions.preview')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
        ) : null}

        {stale ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" disabled={busy} onClick={() => void preview(stale.to_database_id, stale.mandant_id)}>
                {translate('migrations.actions.fresh_preview')}
              </Button>
            }
          >
            {translate('migrations.notifications.stale')}
          </Alert>
        ) : null}

        {selected ? (
          <MigrationPreview
            key={`${selected.id}-${selected.status}`}
            migration={selected}
            targetName={nameOf(selected.to_database_id)}
            busy={busy || !canWrite}
            onApply={() => void run(() => migrationStep(selected.id, 'apply'), 'migrations.notifications.applied')}
            onDiscard={() => void run(() => migrationStep(selected.id, 'discard'), 'migrations.notifications.discarded')}
            onRollback={() => void run(() => migrationStep(selected.id, 'rollback'), 'migrations.notifications.rolled_back')}
            onExport={() => void downloadItemsCsv(selected.id).catch((error: unknown) => notify(errorMessage(error), { type: 'error' }))}
          />
        ) : null}

        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('migrations.history.title')}
            </Typography>
            {(history.data ?? []).length === 0 ? (
              <Typography variant="body2">{translate('migrations.history.empty')}</Typography>
            ) : (
              <Table size="small" aria-label={translate('migrations.history.title')} data-testid="migration-history">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('migrations.fields.created_at')}</TableCell>
                    <TableCell>{translate('migrations.fields.created_by')}</TableCell>
                    <TableCell>{translate('migrations.fields.target')}</TableCell>
                    <TableCell>{translate('migrations.fields.status')}</TableCell>
                    <TableCell align="right">{translate('migrations.summary.count')}</TableCell>
                    <TableCell align="right">{translate('migrations.summary.total_after')}</TableCell>
                    <TableCell>{translate('migrations.fields.applied')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(history.data ?? []).map((migration) => (
                    <TableRow key={migration.id} selected={selected?.id === migration.id}>
                      <TableCell>{formatDateTime(migration.created_at, locale)}</TableCell>
                      <TableCell>{migration.created_by_name ?? '—'}</TableCell>
                      <TableCell>{nameOf(migration.to_database_id)}</TableCell>
                      <TableCell>{translate(`migrations.status.${migration.status}`)}</TableCell>
                      <TableCell align="right">{migration.summary.count}</TableCell>
                      <TableCell align="right">{formatKg(migration.summary.total_after, locale)}</TableCell>
                      <TableCell>
                        {migration.applied_at ? `${migration.applied_by_name ?? '—'}, ${formatDateTime(migration.applied_at, locale)}` : '—'}
                      </TableCell>
                      <TableCell>
                        <Button size="small" onClick={() => setSelected(migration)}>
                          {translate('migrations.actions.show')}
                        </Button>
                        {canWrite && migration.status === 'applied' ? (
                          <Button size="small" color="warning" disabled={busy} onClick={() => void run(() => migrationStep(migration.id, 'rollback'), 'migrations.notifications.rolled_back')}>
                            {translate('migrations.actions.rollback')}
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </Stack>
    </>
  );
};

export default MigrationsPage;
