/** The outcome of a dry run or an import: counts and the first row errors. */
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportReport } from '../../core/api';
import { formatCount } from '../../core/number-format';
import { useLanguage } from '../templates/useLanguage';

export const ImportReportView = ({ report }: { report: ImportReport }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const count = (n: number) => formatCount(n, lang);
  const status = report.import?.status;
  const severity = report.rows_failed === 0 ? 'success' : report.rows_ok > 0 && status !== 'failed' ? 'warning' : 'error';
  const key = report.dry_run ? 'importer.report.dryRun' : status === 'failed' ? 'importer.report.failed' : 'importer.report.done';
  return (
    <div data-testid="importer-report">
      <Alert severity={severity} sx={{ mb: 2 }}>
        {translate(key, { ok: count(report.rows_ok), failed: count(report.rows_failed), total: count(report.rows_total) })}
      </Alert>
      {report.errors.length > 0 && (
        <>
          <Typography variant="subtitle2">{translate('importer.report.firstErrors')}</Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('importer.report.row')}</TableCell>
                <TableCell>{translate('importer.mapping.column')}</TableCell>
                <TableCell>{translate('importer.report.value')}</TableCell>
                <TableCell>{translate('importer.report.error')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.errors.map((error, i) => (
                <TableRow key={i}>
                  <TableCell>{error.row}</TableCell>
                  <TableCell>{error.column ?? ''}</TableCell>
                  <TableCell>{error.value ?? ''}</TableCell>
                  <TableCell>{error.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </div>
  );
};
