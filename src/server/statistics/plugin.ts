/** Statistics. */
import { domainModule, PLUGIN } from '../platform';
import { registerStatisticsRoutes } from './routes';

export const statistics = domainModule('statistics', (app) => registerStatisticsRoutes(app, app.kontor.db), [
  PLUGIN.templateRegistry,
]);
