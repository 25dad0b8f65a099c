/** The outcome of a dry run or an import: counts and the first row errors. */
import { Alert, Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import type { ImportReport } from '../../core/api';
import { formatCount } from '../../core/number-format';
import { useLanguage } from '../i18n/useLanguage';
import { HeldRecordsTable } from '../layout/HeldRecordsTable';

export const ImportReportView = ({ report }: { report: ImportReport }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const count = (n: number) => formatCount(n, lang);
  const status = report.import?.status;
  const severity =
    report.rows_failed === 0 ? 'success' : report.rows_ok > 0 && status !== 'failed' ? 'warning' : 'error';
  const key = report.dry_run
    ? 'importer.report.dryRun'
    : status === 'failed'
      ? 'importer.report.failed'
      : 'importer.report.done';
  return (
    <div data-testid="importer-report">
      <Alert severity={severity} sx={{ mb: 2 }}>
        {translate(key, {
          ok: count(report.rows_ok),
          failed: count(report.rows_failed),
          total: count(report.rows_total),
        })}
      </Alert>
      {report.errors.length > 0 && (
        <>
          <Typography variant="subtitle2">{translate('importer.report.firstErrors')}</Typography>
          {/* The errors have no id of their own: their place in the report is one. */}
          <HeldRecordsTable data={report.errors.map((error, id) => ({ ...error, id }))} resource="import-errors">
            <DataTable.Col source="row" label="importer.report.row" />
            <DataTable.Col source="column" label="importer.mapping.column" />
            <DataTable.Col source="value" label="importer.report.value" />
            <DataTable.Col source="message" label="importer.report.error" />
          </HeldRecordsTable>
        </>
      )}
    </div>
  );
};
