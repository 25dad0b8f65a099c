/** The dashboard as its own chunk, for `<Admin dashboard={DashboardPage}>`. */
import { Suspense } from 'react';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';

const LazyDashboard = lazyPage(() => import('./Dashboard'));

export const DashboardPage = () => (
  <Suspense fallback={<RouteLoading />}>
    <LazyDashboard />
  </Suspense>
);
