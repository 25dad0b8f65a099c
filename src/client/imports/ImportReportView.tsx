/** The outcome of a dry run or an import: counts and the first row errors. */
import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportReport } from '../../core/api';
import { formatCount } from '../../core/number-format';
import { RowTable } from '../layout/RowTable';
import { useLanguage } from '../i18n/useLanguage';

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
          <RowTable
            columns={[
              'importer.report.row',
              'importer.mapping.column',
              'importer.report.value',
              'importer.report.error',
            ]}
            rows={report.errors}
            rowKey={(_error, i) => i}
            cells={(error) => [error.row, error.column ?? '', error.value ?? '', error.message]}
          />
        </>
      )}
    </div>
  );
};
