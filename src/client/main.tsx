import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getRuntimeConfig } from './providers/runtimeConfig';
import { startSentry } from './monitoring/sentry';
import { startAnalytics } from './monitoring/analytics';

const config = getRuntimeConfig();
void startSentry(config);
startAnalytics(config);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
