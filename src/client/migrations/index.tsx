/** The migrations screen as a route of its own chunk: `{migrationRoute}` in `<CustomRoutes>`. */
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';

const MigrationsPage = lazyPage(() => import('./MigrationsPage'));

export const migrationRoute = <Route key="migrations" path="/migrations" element={<MigrationsPage />} />;
