/** The migrations screen as a route of its own chunk (route-level React.lazy): `{migrationRoute}` in `<CustomRoutes>`. */
import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Route } from 'react-router-dom';

const MigrationsPage = lazy(() => import('./MigrationsPage'));

export const migrationRoute = (
  <Route
    key="migrations"
    path="/migrations"
    element={
      <Suspense fallback={<CircularProgress aria-label="loading" sx={{ m: 4 }} />}>
        <MigrationsPage />
      </Suspense>
    }
  />
);
