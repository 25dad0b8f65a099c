/** The mandant's recent imports with undo and the row errors as CSV. */
import { Button, Typography } from '@mui/material';
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, DataTable, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { ImportRecord } from '../../core/api';
import { formatCount } from '../../core/number-format';
import { useLanguage } from '../i18n/useLanguage';
import { formatDateTime } from '../i18n/dates';
import { useKontorDataProvider } from '../providers/dataProvider';
import { downloadFile } from '../shell/download/saveFile';
import { HeldRecordsTable } from '../layout/HeldRecordsTable';

interface ImportHistoryProps {
  refreshKey: number;
  canWrite: boolean;
  /** The label of a template id in the reader's language (the id itself for a template that is gone). */
  templateLabel: (id: string) => string;
}

export const ImportHistory = ({ refreshKey, canWrite, templateLabel }: ImportHistoryProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const lang = useLanguage();
  const dataProvider = useKontorDataProvider();
  const [undoing, setUndoing] = useState<ImportRecord | null>(null);
  const [busy, setBusy] = useState(false);
  // The last ten, newest first; `refreshKey` (a finished import) asks again, the old list staying until then.
  const { data: imports = [], refetch } = useGetList<ImportRecord>(
    'imports',
    { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, meta: { refreshKey } },
    { placeholderData: keepPreviousData },
  );
  const { mutateAsync: undoImport } = useMutation({ mutationFn: (id: number) => dataProvider.undoImport(id) });

  const undo = async (record: ImportRecord) => {
    setBusy(true);
    try {
      await undoImport(record.id);
      notify('importer.history.undone', { type: 'info' });
      await refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setUndoing(null);
    }
  };
  const errors = async (record: ImportRecord) => {
    await downloadFile(`/imports/${record.id}/errors.csv`, `import-${record.id}-errors.csv`);
  };

  return (
    <div data-testid="importer-history">
      <Typography variant="h6" sx={{ mt: 4, mb: 1 }}>
        {translate('importer.history.title')}
      </Typography>
      <HeldRecordsTable
        data={imports}
        resource="imports"
        empty={<Typography color="text.secondary">{translate('importer.history.empty')}</Typography>}
      >
        <DataTable.Col
          source="created_at"
          label="importer.history.when"
          render={(record: ImportRecord) => formatDateTime(record.created_at, locale)}
        />
        <DataTable.Col source="file_name" label="importer.history.file" />
        <DataTable.Col
          source="template_id"
          label="importer.template"
          render={(record: ImportRecord) => templateLabel(record.template_id)}
        />
        <DataTable.Col
          source="status"
          label="importer.history.status"
          render={(record: ImportRecord) => (
            <>
              {translate(`importer.status.${record.status}`)}
              {record.status !== 'succeeded' && record.message && (
                <Typography variant="body2" color="text.secondary" data-testid="import-message">
                  {record.message}
                </Typography>
              )}
            </>
          )}
        />
        <DataTable.Col
          source="rows_ok"
          label="importer.history.rows"
          align="right"
          render={(record: ImportRecord) =>
            translate('importer.history.counts', {
              ok: formatCount(record.rows_ok, lang),
              failed: formatCount(record.rows_failed, lang),
            })
          }
        />
        <DataTable.Col
          align="right"
          render={(record: ImportRecord) => (
            <>
              {record.rows_failed > 0 && (
                <Button size="small" onClick={() => void errors(record)}>
                  {translate('importer.history.errors')}
                </Button>
              )}
              {canWrite && ['succeeded', 'failed', 'cancelled'].includes(record.status) && record.rows_ok > 0 && (
                <Button size="small" color="warning" onClick={() => setUndoing(record)}>
                  {translate('importer.history.undo')}
                </Button>
              )}
            </>
          )}
        />
      </HeldRecordsTable>
      <Confirm
        isOpen={undoing !== null}
        loading={busy}
        title="importer.history.undoTitle"
        content={
          undoing
            ? translate('importer.history.confirmUndo', {
                count: formatCount(undoing.rows_ok, lang),
                file: undoing.file_name,
              })
            : ''
        }
        onConfirm={() => undoing && void undo(undoing)}
        onClose={() => setUndoing(null)}
      />
    </div>
  );
};
