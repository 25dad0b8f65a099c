/** The mandant's recent imports with undo and the row errors as CSV. */
import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { ImportRecord } from '../../core/api';
import { formatCount } from '../../core/number-format';
import { useLanguage } from '../templates/useLanguage';
import { httpClient } from '../providers/httpClient';
import { saveCsv } from './download';

export const ImportHistory = ({ refreshKey, canWrite }: { refreshKey: number; canWrite: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const lang = useLanguage();
  const [imports, setImports] = useState<ImportRecord[]>([]);
  const load = useCallback(async () => {
    const response = await httpClient<ImportRecord[]>(`/imports?sort=${encodeURIComponent('["id","DESC"]')}&range=${encodeURIComponent('[0,9]')}`);
    setImports(response.json ?? []);
  }, []);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load, refreshKey]);

  const undo = async (record: ImportRecord) => {
    if (!window.confirm(translate('importer.history.confirmUndo', { count: formatCount(record.rows_ok, lang), file: record.file_name }))) return;
    try {
      await httpClient(`/imports/${record.id}/undo`, { method: 'POST' });
      notify('importer.history.undone', { type: 'info' });
      await load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const errors = async (record: ImportRecord) => {
    const response = await httpClient(`/imports/${record.id}/errors.csv`, { headers: { Accept: 'text/csv' } });
    saveCsv(response.body, `import-${record.id}-errors.csv`);
  };
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <div data-testid="importer-history">
      <Typography variant="h6" sx={{ mt: 4, mb: 1 }}>
        {translate('importer.history.title')}
      </Typography>
      {imports.length === 0 ? (
        <Typography color="text.secondary">{translate('importer.history.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('importer.history.when')}</TableCell>
              <TableCell>{translate('importer.history.file')}</TableCell>
              <TableCell>{translate('importer.template')}</TableCell>
              <TableCell>{translate('importer.history.status')}</TableCell>
              <TableCell align="right">{translate('importer.history.rows')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {imports.map((record) => (
              <TableRow key={record.id}>
                <TableCell>{date.format(new Date(record.created_at))}</TableCell>
                <TableCell>{record.file_name}</TableCell>
                <TableCell>{record.template_id}</TableCell>
                <TableCell>{translate(`importer.status.${record.status}`)}</TableCell>
                <TableCell align="right">
                  {translate('importer.history.counts', { ok: formatCount(record.rows_ok, lang), failed: formatCount(record.rows_failed, lang) })}
                </TableCell>
                <TableCell align="right">
                  {record.rows_failed > 0 && <Button size="small" onClick={() => void errors(record)}>{translate('importer.history.errors')}</Button>}
                  {canWrite && ['succeeded', 'failed', 'cancelled'].includes(record.status) && record.rows_ok > 0 && (
                    <Button size="small" color="warning" onClick={() => void undo(record)}>
                      {translate('importer.history.undo')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
};
