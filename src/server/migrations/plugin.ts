/** Calculation migrations (moving calculations to another template version). */
import { domainModule, PLUGIN } from '../platform';
import { registerMigrationRoutes } from './routes';

export const migrations = domainModule(
  'migrations',
  (app) => registerMigrationRoutes(app, app.kontor.db, app.templates),
  [PLUGIN.templateRegistry],
);
