/** The importer screen as a route of its own chunk: `{importerRoute}` in `<CustomRoutes>`. */
import { Suspense } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';

const ImporterPage = lazyPage(() => import('./ImporterPage'));

export const importerRoute = (
  <Route
    key="importer"
    path="/importer"
    element={
      <Suspense fallback={<RouteLoading />}>
        <ImporterPage />
      </Suspense>
    }
  />
);
