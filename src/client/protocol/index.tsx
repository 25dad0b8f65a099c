/** The protocol screen as a route of its own chunk: `{protocolRoute}` in `<CustomRoutes>`. */
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';

const ProtocolPage = lazyPage(() => import('./ProtocolPage'));

export const protocolRoute = <Route key="protocol" path="/protocol" element={<ProtocolPage />} />;
