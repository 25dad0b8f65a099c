/** CSV imports of calculations. */
import { domainModule, PLUGIN } from '../platform';
import { registerImportRoutes } from './routes';

export const imports = domainModule('imports', (app) => registerImportRoutes(app, app.kontor, app.templates), [
  PLUGIN.templateRegistry,
]);
