/** The statistics screen as a route of its own chunk (route-level React.lazy): `{statisticsRoute}` in `<CustomRoutes>`. */
import { Suspense } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';

const StatisticsPage = lazyPage(() => import('./StatisticsPage'));

export const statisticsRoute = (
  <Route
    key="statistics"
    path="/statistics"
    element={
      <Suspense fallback={<RouteLoading />}>
        <StatisticsPage />
      </Suspense>
    }
  />
);
