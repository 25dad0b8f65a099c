/** The migrations screen as a route of its own chunk: `{migrationRoute}` in `<CustomRoutes>`. */
import { Suspense } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';

const MigrationsPage = lazyPage(() => import('./MigrationsPage'));

export const migrationRoute = (
  <Route
    key="migrations"
    path="/migrations"
    element={
      <Suspense fallback={<RouteLoading />}>
        <MigrationsPage />
      </Suspense>
    }
  />
);
