/**
 * The button that saves a file the API renders (CSV), disabled while it is fetched; a failure is told with
 * `failedMessage` and logged. Screens give only what to fetch and what to call it.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useNotify } from 'react-admin';
import { downloadFile } from './saveFile';

export const DownloadButton = ({
  path,
  fileName,
  label,
  failedMessage,
}: {
  /** Read when clicked, so it follows the screen's current filters. */
  path: () => string;
  fileName: string;
  label: string;
  failedMessage: string;
}) => {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadFile(path(), fileName);
    } catch (error) {
      notify(failedMessage, { type: 'error' });
      console.warn(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={label} onClick={() => void onClick()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
};
