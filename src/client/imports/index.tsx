/** The importer screen as a route of its own chunk: `{importerRoute}` in `<CustomRoutes>`. */
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';

const ImporterPage = lazyPage(() => import('./ImporterPage'));

export const importerRoute = <Route key="importer" path="/importer" element={<ImporterPage />} />;
