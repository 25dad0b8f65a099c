/** CSV import of factors into a draft (react-dropzone); a file with a bad row is rejected whole, the row's error shown. */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { FileDropZone } from '../layout/FileDropZone';
import { useImportFactors } from './api';

export const ImportFactors = ({ databaseId }: { databaseId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: importFactors } = useImportFactors();
  const onFile = async (file: File) => {
    setError(null);
    try {
      const report = await importFactors({ id: databaseId, csv: await file.text() });
      notify('databases.import.done', {
        type: 'success',
        messageArgs: { inserted: report.inserted, updated: report.updated },
      });
      refresh();
    } catch (problem) {
      const body = (problem as { body?: { message?: string } }).body;
      setError(body?.message ?? (problem instanceof Error ? problem.message : String(problem)));
    }
  };
  return (
    <Box sx={{ mb: 2 }}>
      <FileDropZone
        accept={{ 'text/csv': ['.csv'], 'text/plain': ['.txt'] }}
        onFile={(file) => void onFile(file)}
        padding={2}
        inputProps={{ 'aria-label': translate('databases.import.title') }}
      >
        {() => (
          <>
            <UploadFileIcon />
            <Typography variant="body2">{translate('databases.import.help')}</Typography>
          </>
        )}
      </FileDropZone>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="import-error">
          {error}
        </Alert>
      ) : null}
    </Box>
  );
};
