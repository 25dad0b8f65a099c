import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslate } from 'react-admin';
import { chunkReloadGuard, type ChunkRecovery } from '../navigation/chunkReload';
import { RouteLoading } from '../progress/RouteLoading';
import { ErrorView } from './ErrorView';

/** While offline: try again this often, since not every browser says when the connection is back. */
export const CHUNK_RETRY_MS = 5_000;

const OfflineNotice = () => {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ textAlign: 'center', mt: 6, px: 2 }} data-testid="page-offline">
      <CloudOffIcon color="warning" sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h2" sx={{ my: 2 }}>
        {translate('errors.offline_title')}
      </Typography>
      <Typography>{translate('errors.offline_page')}</Typography>
    </Box>
  );
};

/**
 * A page whose code did not load. After a deploy the page reloads (at most once a minute) to fetch the new build;
 * offline, or with the server out of reach, it says so and reloads by itself once the server answers again; a chunk
 * that fails while the server answers shows the error page with a retry. It never reloads into the browser's own
 * "no internet" page, from which the app would not come back.
 */
export const ChunkFailure = () => {
  const [state, setState] = useState<ChunkRecovery | 'checking'>('checking');
  useEffect(() => {
    const guard = chunkReloadGuard();
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async () => {
      clearTimeout(timer);
      const outcome = await guard.recover();
      if (!active) return;
      setState(outcome);
      if (outcome === 'offline') timer = setTimeout(() => void attempt(), CHUNK_RETRY_MS);
    };
    const onOnline = () => void attempt();
    window.addEventListener('online', onOnline);
    void attempt();
    return () => {
      active = false;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, []);
  if (state === 'checking' || state === 'reloading') return <RouteLoading />;
  if (state === 'offline') return <OfflineNotice />;
  return <ErrorView status={500} message="errors.page_not_loaded" onRetry={() => window.location.reload()} />;
};
