/** Downloads the protocol as CSV with the list's current filters and sort (the server renders it in the user's language). */
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { downloadFile } from '../shell/download/saveFile';

export function exportUrl(filter: object, sort: { field: string; order: string }): string {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) });
  return `/protocol/export.csv?${params.toString()}`;
}

export const ProtocolExportButton = () => {
  const { filterValues, sort } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadFile(exportUrl(filterValues, sort), 'protocol.csv');
    } catch (error) {
      notify('protocol.export.failed', { type: 'error' });
      console.warn(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="protocol.export.button" onClick={() => void onClick()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
};
