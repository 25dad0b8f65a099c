import { createRoot } from 'react-dom/client';
// Roboto served by Kontor itself (bundled woff2, loaded per unicode range): no third-party font host (GDPR).
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { getRuntimeConfig } from './providers/runtimeConfig';
import { startSentry } from './monitoring/sentry';
import { startAnalytics } from './monitoring/analytics';
import { listenForChunkErrors } from './shell/navigation/chunkReload';
import { reportCaughtError } from './shell/errors/reportCaughtError';
import { startClient } from './signin/startClient';

const config = getRuntimeConfig();
void startSentry(config);
startAnalytics(config);
listenForChunkErrors();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// The sign-in shell for a visitor who is not signed in, else the app: react-admin loads only once it is needed.
const start = () => startClient(createRoot(container, { onCaughtError: reportCaughtError }));
// Mock mode (`vite --mode mocks`): msw answers the API in the browser before the app asks it anything. The condition
// is a constant in every other build, so the mocks and msw are left out of them.
if (import.meta.env.MODE === 'mocks')
  void import('../mocks/browser').then(({ startMockMode }) => startMockMode()).then(start);
else void start();
