/** The protocol screen as a route of its own chunk: `{protocolRoute}` in `<CustomRoutes>`. */
import { Suspense } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';

const ProtocolPage = lazyPage(() => import('./ProtocolPage'));

export const protocolRoute = (
  <Route
    key="protocol"
    path="/protocol"
    element={
      <Suspense fallback={<RouteLoading />}>
        <ProtocolPage />
      </Suspense>
    }
  />
);
