/** The statistics screen as a route of its own chunk: `{statisticsRoute}` in `<CustomRoutes>`. */
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';

const StatisticsPage = lazyPage(() => import('./StatisticsPage'));

export const statisticsRoute = <Route key="statistics" path="/statistics" element={<StatisticsPage />} />;
