/** Calculations. */
import { domainModule, PLUGIN } from '../platform';
import { registerCalculationRoutes } from './routes';

export const calculations = domainModule(
  'calculations',
  (app) => registerCalculationRoutes(app, app.kontor, app.templates),
  [PLUGIN.templateRegistry],
);
