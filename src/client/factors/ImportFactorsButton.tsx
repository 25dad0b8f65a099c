/** CSV import of factors into a draft (react-dropzone); a file with a bad row is rejected whole, the row's error shown. */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useImportFactors } from './api';

export const ImportFactors = ({ databaseId }: { databaseId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: importFactors } = useImportFactors();
  const onDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
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
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (files) => void onDrop(files),
    accept: { 'text/csv': ['.csv'], 'text/plain': ['.txt'] },
    multiple: false,
  });
  return (
    <Box sx={{ mb: 2 }}>
      <Box
        {...getRootProps()}
        sx={{
          border: '2px dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          cursor: 'pointer',
          textAlign: 'center',
        }}
      >
        <input {...getInputProps()} aria-label={translate('databases.import.title')} />
        <UploadFileIcon />
        <Typography variant="body2">{translate('databases.import.help')}</Typography>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="import-error">
          {error}
        </Alert>
      ) : null}
    </Box>
  );
};
