/** The importer screen as a route of its own chunk: `{importerRoute}` in `<CustomRoutes>`. */
import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Route } from 'react-router-dom';

const ImporterPage = lazy(() => import('./ImporterPage'));

export const importerRoute = (
  <Route
    key="importer"
    path="/importer"
    element={
      <Suspense fallback={<CircularProgress aria-label="loading" sx={{ m: 4 }} />}>
        <ImporterPage />
      </Suspense>
    }
  />
);
