/**
 * In the calculations list's toolbar: when calculations of the current filter were computed with an
 * older factor database than the newest published one, offer to migrate all of them. The page
 * asks the server only for their number; the migration page sends the filter itself, which the
 * server resolves — the ids of 100,000 calculations never travel through the browser.
 */
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { LIST_COUNT_CAP } from '../../core/lists/count-cap';
import type { CalculationListRecord } from '../../core/api';
import { CALCULATION_LIST_ROWS } from '../providers/listRows';
import { newestPublished } from '../../core/factor-database-default';
import { formatCount } from '../../core/number-format';
import { useCan } from '../providers/RoleGate';
import { useLanguage } from '../i18n/useLanguage';
import { useFactorDatabases } from '../factors/useFactorDatabases';

export const MigrateFilterButton = () => {
  const translate = useTranslate();
  const lang = useLanguage();
  // Provider admins migrate one mandant at a time from the migrations page; the list spans all of them.
  const writer = useCan('create', 'migrations');
  const allMandants = useCan('read_all', 'mandants');
  const mayMigrate = writer && !allMandants;
  const { filter: permanent = {}, filterValues = {}, sort } = useListContext<CalculationListRecord>();
  const { data: databases = [] } = useFactorDatabases();
  const newest = newestPublished(databases);
  const older = databases
    .filter(
      (database) => newest && database.id !== newest.id && (database.valid_from ?? '') < (newest.valid_from ?? ''),
    )
    .map((database) => database.id);
  const filter = { ...(permanent as Record<string, unknown>), ...(filterValues as Record<string, unknown>) };
  // Only the count is read (one row): how many calculations of the filter use an older database.
  const { data: found = [], total } = useGetList<CalculationListRecord>(
    'calculations',
    {
      filter: { ...filter, database_id: older },
      pagination: { page: 1, perPage: 1 },
      sort,
      meta: CALCULATION_LIST_ROWS,
    },
    { enabled: mayMigrate && !!newest && older.length > 0 },
  );
  // No total: more than the list counts exactly (LIST_COUNT_CAP), but at least the one row read.
  if (!mayMigrate || !newest || (total ?? found.length) === 0) return null;
  const search = new URLSearchParams({ filter: JSON.stringify(filter), to: String(newest.id) });
  return (
    <Button
      component={Link}
      to={`/migrations?${search.toString()}`}
      size="small"
      startIcon={<SyncAltIcon />}
      data-testid="migrate-filter"
    >
      {total === undefined
        ? translate('migrations.list.migrate_capped', {
            count: formatCount(LIST_COUNT_CAP, lang),
            target: `${newest.name} (${newest.version_label})`,
          })
        : translate('migrations.list.migrate', {
            smart_count: total,
            target: `${newest.name} (${newest.version_label})`,
          })}
    </Button>
  );
};
