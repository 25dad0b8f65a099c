/**
 * `/migrations`: move the mandant's calculations to another published factor database or to the
 * current version of their template. Pick the target, read the preview (nothing changes yet),
 * then apply or discard; applied migrations can be rolled back from the history as long as the
 * calculations were not changed since.
 */
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Confirm,
  DataTable,
  Title,
  useGetList,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { CreateFactorMigrationRequest, FactorMigrationRecord, MigrationStep } from '../../core/api';
import { downloadItemsCsv, useMigrationStep, usePreviewMigration } from './api';
import { httpErrorText } from '../providers/httpClient';
import { useCan } from '../providers/RoleGate';
import { formatDateTime } from '../i18n/dates';
import { formatCount } from '../../core/number-format';
import { useLanguage } from '../i18n/useLanguage';
import { formatKg } from '../factors/format';
import { MigrationPreview } from './MigrationPreview';
import { HeldRecordsTable } from '../layout/HeldRecordsTable';
import { PageSectionCard } from './PageSectionCard';
import { NewMigrationCard, type MigrationScope } from './NewMigrationCard';
import { repeatRequest, useTargetName } from './targets';

/** A list filter passed as `?filter=<JSON object>`; anything else counts as none. */
function parseFilter(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.keys(parsed).length > 0
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const DONE: Record<MigrationStep, string> = {
  apply: 'migrations.notifications.applied',
  discard: 'migrations.notifications.discarded',
  rollback: 'migrations.notifications.rolled_back',
};

/**
 * What the page was opened for. From a calculation's page: `?calculation=<id>&to=<database>` or `&template=<id>`; from
 * the calculations list: `?filter=<list filter>&to=<database>`; from a published machine set: `?machine_set=<id>`.
 */
function useMigrationScope() {
  const [params, setParams] = useSearchParams();
  const scope: MigrationScope = useMemo(
    () => ({
      kind: params.get('template') ? 'template' : params.get('machine_set') ? 'machine_set' : 'database',
      databaseId: Number(params.get('to')) || null,
      templateId: params.get('template'),
      machineSetId: Number(params.get('machine_set')) || null,
      calculationId: Number(params.get('calculation')) || null,
      filter: parseFilter(params.get('filter')),
    }),
    [params],
  );
  return { params, setParams, scope };
}

interface Confirming {
  migration: FactorMigrationRecord;
  step: MigrationStep;
}

/**
 * The history of migrations, newest first; the one shown above is marked, an applied one may be rolled back by those
 * who may migrate (asked here, as the preview's buttons ask for themselves).
 */
const MigrationHistory = ({
  selected,
  busy,
  onShow,
  onConfirm,
}: {
  selected: FactorMigrationRecord | null;
  busy: boolean;
  onShow: (migration: FactorMigrationRecord) => void;
  onConfirm: (confirming: Confirming) => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const [locale = 'de'] = useLocaleState();
  const writer = useCan('create', 'migrations');
  const targetName = useTargetName();
  const history = useGetList<FactorMigrationRecord>('migrations', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'id', order: 'DESC' },
  });
  return (
    <PageSectionCard title={translate('migrations.history.title')}>
      <HeldRecordsTable
        data={history.data}
        isPending={history.isPending}
        resource="migrations"
        aria-label={translate('migrations.history.title')}
        data-testid="migration-history"
        rowSx={(migration: FactorMigrationRecord) =>
          selected?.id === migration.id ? { bgcolor: 'action.selected' } : {}
        }
        empty={<Typography variant="body2">{translate('migrations.history.empty')}</Typography>}
      >
        <DataTable.Col
          source="created_at"
          label="migrations.fields.created_at"
          render={(migration: FactorMigrationRecord) => formatDateTime(migration.created_at, locale)}
        />
        <DataTable.Col
          source="created_by_name"
          label="migrations.fields.created_by"
          render={(migration: FactorMigrationRecord) => migration.created_by_name ?? '—'}
        />
        <DataTable.Col
          label="migrations.history.target"
          render={(migration: FactorMigrationRecord) => targetName(migration)}
        />
        <DataTable.Col
          source="status"
          label="migrations.fields.status"
          render={(migration: FactorMigrationRecord) => translate(`migrations.status.${migration.status}`)}
        />
        <DataTable.Col
          source="summary.count"
          label="migrations.summary.count"
          align="right"
          render={(migration: FactorMigrationRecord) => formatCount(migration.summary.count, lang)}
        />
        <DataTable.Col
          source="summary.total_after"
          label="migrations.summary.total_after"
          align="right"
          render={(migration: FactorMigrationRecord) => formatKg(migration.summary.total_after, locale)}
        />
        <DataTable.Col
          source="applied_at"
          label="migrations.fields.applied"
          render={(migration: FactorMigrationRecord) =>
            migration.applied_at
              ? `${migration.applied_by_name ?? '—'}, ${formatDateTime(migration.applied_at, locale)}`
              : '—'
          }
        />
        <DataTable.Col
          render={(migration: FactorMigrationRecord) => (
            <>
              <Button size="small" onClick={() => onShow(migration)}>
                {translate('migrations.actions.show')}
              </Button>
              {writer && migration.status === 'applied' ? (
                <Button
                  size="small"
                  color="warning"
                  disabled={busy}
                  onClick={() => onConfirm({ migration, step: 'rollback' })}
                >
                  {translate('migrations.actions.rollback')}
                </Button>
              ) : null}
            </>
          )}
        />
      </HeldRecordsTable>
    </PageSectionCard>
  );
};

/** Apply and roll back rewrite every calculation of a migration, discard drops a preview: each is confirmed first. */
const StepConfirm = ({
  confirming,
  busy,
  onConfirm,
  onClose,
}: {
  confirming: Confirming | null;
  busy: boolean;
  onConfirm: (confirming: Confirming) => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const [locale = 'de'] = useLocaleState();
  const targetName = useTargetName();
  const confirmText = (key: 'title' | 'content') =>
    confirming
      ? translate(`migrations.confirm.${confirming.step}_${key}`, {
          // Not `count`: i18next takes that for the plural, and this is the count as the reader writes it.
          number: formatCount(confirming.migration.summary.count, lang),
          smart_count: confirming.migration.summary.count,
          target: targetName(confirming.migration),
          before: formatKg(confirming.migration.summary.total_before, locale),
          after: formatKg(confirming.migration.summary.total_after, locale),
        })
      : '';
  return (
    <Confirm
      isOpen={confirming !== null}
      loading={busy}
      title={confirmText('title')}
      content={confirmText('content')}
      onConfirm={() => confirming && onConfirm(confirming)}
      onClose={onClose}
    />
  );
};

const MigrationsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const writer = useCan('create', 'migrations');
  const allMandants = useCan('read_all', 'mandants');
  const { params, setParams, scope } = useMigrationScope();
  const [selected, setSelected] = useState<FactorMigrationRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState<FactorMigrationRecord | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const { mutateAsync: migrationStep } = useMigrationStep();
  const { mutateAsync: createPreview } = usePreviewMigration();

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
      notify(httpErrorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const step = async (migration: FactorMigrationRecord, name: MigrationStep) => {
    await run(() => migrationStep({ id: migration.id, step: name }), DONE[name]);
    setConfirming(null);
  };
  const preview = (request: CreateFactorMigrationRequest) =>
    run(() => createPreview(request), 'migrations.notifications.previewed');
  const previewAgain = (migration: FactorMigrationRecord) =>
    preview({
      ...repeatRequest(migration, scope.calculationId ? [scope.calculationId] : null),
      ...(allMandants ? { mandant_id: migration.mandant_id } : {}),
    });

  return (
    <>
      <Title title={translate('migrations.title')} />
      <Stack spacing={2} sx={{ mt: 2 }}>
        {writer ? (
          <NewMigrationCard
            key={params.toString()}
            scope={scope}
            providerAdmin={allMandants}
            busy={busy}
            onPreview={(request) => void preview(request)}
            onWiden={() => setParams({})}
          />
        ) : null}

        {stale ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" disabled={busy} onClick={() => void previewAgain(stale)}>
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
            busy={busy || !writer}
            onStep={(name) => setConfirming({ migration: selected, step: name })}
            onExport={() =>
              void downloadItemsCsv(selected.id).catch((error: unknown) =>
                notify(httpErrorText(error), { type: 'error' }),
              )
            }
          />
        ) : null}

        <MigrationHistory selected={selected} busy={busy} onShow={setSelected} onConfirm={setConfirming} />
      </Stack>
      <StepConfirm
        confirming={confirming}
        busy={busy}
        onConfirm={(chosen) => void step(chosen.migration, chosen.step)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
};

export default MigrationsPage;
