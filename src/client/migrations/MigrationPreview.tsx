/** One migration: summary, the filterable table of its calculations (old/new/diff/%), CSV export and its actions. */
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Chip, Pagination, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DataTable,
  useGetList,
  useLocaleState,
  usePermissions,
  useTranslate,
  type DataTableColumnProps,
} from 'react-admin';
import type { FactorMigrationItemRecord, FactorMigrationRecord, MigrationStep, Role } from '../../core/api';
import { can } from '../../core/access/policy';
import { formatCount } from '../../core/number-format';
import { useLanguage } from '../i18n/useLanguage';
import { ActionReason } from '../layout/ActionReason';
import { HeldRecordsTable } from '../layout/HeldRecordsTable';
import { bodyWithRowTestIds } from '../layout/rowTestIds';
import { formatKg, formatPercent, formatSignedKg } from '../factors/format';
import { KG_CO2E } from '../../core/template/units';
import { useTargetName } from './targets';

const PER_PAGE = 25;

const MigrationItemRows = bodyWithRowTestIds<FactorMigrationItemRecord>(
  (item) => `migration-item-${item.calculation_id}`,
);

interface Props {
  migration: FactorMigrationRecord;
  busy: boolean;
  /** Apply, discard or roll back the migration shown (the page confirms each first). */
  onStep(step: MigrationStep): void;
  onExport(): void;
}

/** The summary as a definition list: counts, totals before and after, and the difference. */
const MigrationSummary = ({ summary }: { summary: FactorMigrationRecord['summary'] }) => {
  const translate = useTranslate();
  const [locale = 'de'] = useLocaleState();
  const lang = useLanguage();
  return (
    <Box
      component="dl"
      data-testid="migration-summary"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}
    >
      <dt>{translate('migrations.summary.count')}</dt>
      <dd style={{ margin: 0 }}>{formatCount(summary.count, lang)}</dd>
      <dt>{translate('migrations.summary.excluded')}</dt>
      <dd style={{ margin: 0 }}>{formatCount(summary.excluded, lang)}</dd>
      <dt>{translate('migrations.summary.total_before')}</dt>
      <dd style={{ margin: 0 }} data-testid="summary-before">
        {formatKg(summary.total_before, locale)} {KG_CO2E}
      </dd>
      <dt>{translate('migrations.summary.total_after')}</dt>
      <dd style={{ margin: 0 }} data-testid="summary-after">
        {formatKg(summary.total_after, locale)} {KG_CO2E}
      </dd>
      <dt>{translate('migrations.summary.difference')}</dt>
      <dd style={{ margin: 0 }}>
        {formatSignedKg(summary.difference, locale)} {KG_CO2E} ({formatPercent(summary.percent, locale)})
      </dd>
    </Box>
  );
};

/** Apply and discard while previewed, roll back once applied; a disabled button says why beside it. */
const PreviewActions = ({ migration, busy, onStep, onExport }: Props) => {
  const translate = useTranslate();
  const { permissions } = usePermissions<Role | null>();
  const mayApply = can(permissions, 'apply', 'migrations');
  const { summary } = migration;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2 }} flexWrap="wrap">
      {migration.status === 'previewed' ? (
        <>
          <ActionReason
            reason={
              !mayApply
                ? translate('migrations.preview.admins_apply')
                : summary.count === 0
                  ? translate('migrations.preview.nothing_to_apply')
                  : null
            }
            data-testid="migration-apply-reason"
          >
            {(describedBy: string | undefined) => (
              <Button
                variant="contained"
                onClick={() => onStep('apply')}
                disabled={busy || !mayApply || summary.count === 0}
                aria-describedby={describedBy}
              >
                {translate('migrations.actions.apply')}
              </Button>
            )}
          </ActionReason>
          <Button onClick={() => onStep('discard')} disabled={busy}>
            {translate('migrations.actions.discard')}
          </Button>
        </>
      ) : null}
      {migration.status === 'applied' ? (
        <ActionReason
          reason={mayApply ? null : translate('migrations.preview.admins_apply')}
          data-testid="migration-rollback-reason"
        >
          {(describedBy: string | undefined) => (
            <Button
              variant="outlined"
              color="warning"
              onClick={() => onStep('rollback')}
              disabled={busy || !mayApply}
              aria-describedby={describedBy}
            >
              {translate('migrations.actions.rollback')}
            </Button>
          )}
        </ActionReason>
      ) : null}
      <Button startIcon={<DownloadIcon />} onClick={onExport}>
        {translate('migrations.actions.export')}
      </Button>
    </Stack>
  );
};

/** The server pages the items: a header click would sort only the page shown, so no column of theirs sorts. */
const ItemCol = (props: DataTableColumnProps<FactorMigrationItemRecord>) => <DataTable.Col disableSort {...props} />;

/** The figure columns, right-aligned, each in its format: the totals before and after, the difference and the %. */
const FIGURE_COLUMNS = {
  total_before: formatKg,
  total_after: formatKg,
  difference: formatSignedKg,
  percent: formatPercent,
} as const;
const FIGURES = Object.keys(FIGURE_COLUMNS) as (keyof typeof FIGURE_COLUMNS)[];

/** One page of the migration's calculations: number, title, old and new total, difference, % and why one is left out. */
const ItemTable = ({ items, isPending }: { items: FactorMigrationItemRecord[]; isPending: boolean }) => {
  const translate = useTranslate();
  const [locale = 'de'] = useLocaleState();
  return (
    <HeldRecordsTable
      data={items}
      isPending={isPending}
      resource="migration-items"
      aria-label={translate('migrations.preview.table')}
      body={MigrationItemRows}
      empty={<Alert severity="info">{translate('migrations.preview.empty')}</Alert>}
    >
      <ItemCol
        label="migrations.fields.number"
        render={(item) => <Link to={`/edit/${item.calculation_id}`}>{item.number}</Link>}
      />
      <ItemCol source="title" label="migrations.fields.title" />
      {FIGURES.map((figure) => (
        <ItemCol
          key={figure}
          label={`migrations.fields.${figure}`}
          align="right"
          render={(item) => FIGURE_COLUMNS[figure](item[figure], locale)}
        />
      ))}
      <ItemCol
        label="migrations.fields.excluded"
        render={(item) =>
          item.excluded === null
            ? ''
            : item.excluded === 'frozen'
              ? translate('migrations.excluded.frozen')
              : item.excluded
        }
      />
    </HeldRecordsTable>
  );
};

export const MigrationPreview = ({ migration, busy, onStep, onExport }: Props) => {
  const translate = useTranslate();
  const targetName = useTargetName();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const filter = q.trim() ? { migration_id: migration.id, q: q.trim() } : { migration_id: migration.id };
  const {
    data = [],
    total = 0,
    isPending,
  } = useGetList<FactorMigrationItemRecord>('migration-items', {
    filter,
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Card data-testid="migration-preview" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('migrations.preview.title', { target: targetName(migration) })}
          </Typography>
          <Chip label={translate(`migrations.status.${migration.status}`)} data-testid="migration-status" />
        </Stack>
        <MigrationSummary summary={migration.summary} />
        <PreviewActions migration={migration} busy={busy} onStep={onStep} onExport={onExport} />
        <TextField
          size="small"
          label={translate('migrations.preview.filter')}
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
          sx={{ mb: 1 }}
        />
        <ItemTable items={data} isPending={isPending} />
        {total > PER_PAGE ? (
          <Pagination
            sx={{ mt: 1 }}
            count={Math.ceil(total / PER_PAGE)}
            page={page}
            onChange={(_, next) => setPage(next)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
};
