/**
 * On a calculation's page: the factor database version it was computed with and, when a newer
 * published version exists, a link to migrate this one calculation (preview first, on /migrations).
 */
import { Alert, Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useGetList, useTranslate } from 'react-admin';
import type { CalculationRecord, FactorDatabaseRecord } from '../../core/api';

export function newerPublished(databases: readonly FactorDatabaseRecord[], current: FactorDatabaseRecord | undefined): FactorDatabaseRecord | undefined {
  if (!current) return undefined;
  return databases
    .filter((database) => database.status === 'published' && database.id !== current.id && (database.valid_from ?? '') > (current.valid_from ?? ''))
    .sort((a, b) => (b.valid_from ?? '').localeCompare(a.valid_from ?? '') || b.id - a.id)[0];
}

export const DatabaseVersionHint = ({ record }: { record: CalculationRecord }) => {
  const translate = useTranslate();
  const { data = [] } = useGetList<FactorDatabaseRecord>('databases', { pagination: { page: 1, perPage: 200 }, sort: { field: 'valid_from', order: 'DESC' } });
  const current = data.find((database) => database.id === record.database_id);
  if (!current) return null;
  const newer = newerPublished(data, current);
  const label = `${current.name} (${current.version_label})`;
  return (
    <Alert
      severity={newer ? 'warning' : 'info'}
      sx={{ mb: 2 }}
      data-testid="database-version-hint"
      action={
        newer && !record.frozen ? (
          <Button component={Link} to={`/migrations?calculation=${record.id}&to=${newer.id}`} color="inherit" size="small">
            {translate('migrations.hint.migrate')}
          </Button>
        ) : undefined
      }
    >
      {newer
        ? translate('migrations.hint.newer', { current: label, newer: `${newer.name} (${newer.version_label})` })
        : translate('migrations.hint.current', { current: label })}
    </Alert>
  );
};
