import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Roboto served by Kontor itself (bundled woff2, loaded per unicode range): no third-party font host (GDPR).
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { App } from './App';
import { getRuntimeConfig } from './providers/runtimeConfig';
import { startSentry } from './monitoring/sentry';
import { startAnalytics } from './monitoring/analytics';
import { listenForChunkErrors } from './shell/navigation/chunkReload';
import { reportCaughtError } from './shell/errors/reportCaughtError';

const config = getRuntimeConfig();
void startSentry(config);
startAnalytics(config);
listenForChunkErrors();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container, { onCaughtError: reportCaughtError }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
