/** Reports (PDF and CSV). */
import { domainModule, PLUGIN } from '../platform';
import { registerReportRoutes } from './routes';

export const reports = domainModule(
  'reports',
  (app) => registerReportRoutes(app, app.kontor.db, app.templates, app.kontor.config.publicUrl),
  [PLUGIN.templateRegistry],
);
