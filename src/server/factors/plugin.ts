/** Factor databases, categories and factors. */
import { domainModule, PLUGIN } from '../platform';
import { registerFactorRoutes } from './routes';

export const factors = domainModule('factors', (app) => registerFactorRoutes(app, app.kontor.db), [
  PLUGIN.templateRegistry,
]);
