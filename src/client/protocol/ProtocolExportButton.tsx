/** Downloads the protocol as CSV with the list's current filters and sort (the server renders it in the user's language). */
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { httpClient } from '../providers/httpClient';

export function exportUrl(filter: object, sort: { field: string; order: string }): string {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) });
  return `/protocol/export.csv?${params.toString()}`;
}

function save(text: string, filename: string): void {
  // jsdom and very old browsers have no object URLs; there is nothing to save to then.
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export const ProtocolExportButton = () => {
  const { filterValues, sort } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const response = await httpClient(exportUrl(filterValues, sort), { headers: { Accept: 'text/csv' } });
      const disposition = response.headers.get('Content-Disposition') ?? '';
      save(response.body, /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'protocol.csv');
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
