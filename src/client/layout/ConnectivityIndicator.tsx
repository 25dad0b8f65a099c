import { useSyncExternalStore } from 'react';
import { Chip } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslate } from 'react-admin';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Shown in the app bar while the browser reports being offline. */
export const ConnectivityIndicator = () => {
  const translate = useTranslate();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <Chip
      role="status"
      icon={<CloudOffIcon />}
      label={translate('app.online.offline')}
      color="warning"
      size="small"
      sx={{ mx: 1 }}
      data-testid="offline-indicator"
    />
  );
};
