/**
 * On a calculation's page: the factor database version it was computed with and, when a newer
 * published version exists, a link to migrate this one calculation (preview first, on /migrations);
 * likewise when its template has a newer published version than the one it was made with.
 */
import { Alert, Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import type { CalculationRecord, FactorDatabaseRecord, TemplateRecord } from '../../core/api';
import { useCan } from '../providers/RoleGate';
import { useFactorDatabases } from '../factors/useFactorDatabases';

export function newerPublished(
  databases: readonly FactorDatabaseRecord[],
  current: FactorDatabaseRecord | undefined,
): FactorDatabaseRecord | undefined {
  if (!current) return undefined;
  return databases
    .filter(
      (database) =>
        database.status === 'published' &&
        database.id !== current.id &&
        (database.valid_from ?? '') > (current.valid_from ?? ''),
    )
    .sort((a, b) => (b.valid_from ?? '').localeCompare(a.valid_from ?? '') || b.id - a.id)[0];
}

function useCanMigrate(record: CalculationRecord): boolean {
  return useCan('create', 'migrations') && !record.frozen;
}

const TemplateVersionHint = ({ record }: { record: CalculationRecord }) => {
  const translate = useTranslate();
  const canMigrate = useCanMigrate(record);
  const { data: template } = useGetOne<TemplateRecord>('templates', { id: record.template_id }, { retry: false });
  // A provider admin's list may show a draft as the newest version: only a published one is offered.
  const status = (template as (TemplateRecord & { status?: string }) | undefined)?.status;
  if (!template || template.version <= record.template_version || status === 'draft') return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="template-version-hint"
      action={
        canMigrate ? (
          <Button
            component={Link}
            to={`/migrations?calculation=${record.id}&template=${encodeURIComponent(record.template_id)}`}
            color="inherit"
            size="small"
            data-testid="template-version-switch"
          >
            {translate('migrations.hint.switch_template', { version: template.version })}
          </Button>
        ) : undefined
      }
    >
      {translate('migrations.hint.template_newer', {
        template: template.label,
        current: record.template_version,
        newer: template.version,
      })}
    </Alert>
  );
};

export const DatabaseVersionHint = ({ record }: { record: CalculationRecord }) => {
  const translate = useTranslate();
  const canMigrate = useCanMigrate(record);
  const { data = [] } = useFactorDatabases();
  const current = data.find((database) => database.id === record.database_id);
  const newer = newerPublished(data, current);
  const label = current ? `${current.name} (${current.version_label})` : '';
  return (
    <>
      {current ? (
        <Alert
          severity={newer ? 'warning' : 'info'}
          sx={{ mb: 2 }}
          data-testid="database-version-hint"
          action={
            newer && canMigrate ? (
              <Button
                component={Link}
                to={`/migrations?calculation=${record.id}&to=${newer.id}`}
                color="inherit"
                size="small"
              >
                {translate('migrations.hint.migrate')}
              </Button>
            ) : undefined
          }
        >
          {newer
            ? translate('migrations.hint.newer', { current: label, newer: `${newer.name} (${newer.version_label})` })
            : translate('migrations.hint.current', { current: label })}
        </Alert>
      ) : null}
      <TemplateVersionHint record={record} />
    </>
  );
};
