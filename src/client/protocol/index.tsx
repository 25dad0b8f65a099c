/** The protocol screen as a route of its own chunk (route-level React.lazy): `{protocolRoute}` in `<CustomRoutes>`. */
import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Route } from 'react-router-dom';

const ProtocolPage = lazy(() => import('./ProtocolPage'));

export const protocolRoute = (
  <Route
    key="protocol"
    path="/protocol"
    element={
      <Suspense fallback={<CircularProgress aria-label="loading" sx={{ m: 4 }} />}>
        <ProtocolPage />
      </Suspense>
    }
  />
);
