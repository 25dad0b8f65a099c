/** Factor databases, categories and factors. */
import { domainModule, PLUGIN } from '../platform';
import type { CalculationUsage } from '../templates/calculation-usage';
import { registerFactorRoutes } from './routes';

/** The factor routes; the calculations a change touches are read by the calculations module's scan (routes.ts). */
export const factors = (calculations: Pick<CalculationUsage, 'scan'>) =>
  domainModule('factors', (app) => registerFactorRoutes(app, app.kontor.db, calculations), [PLUGIN.templateRegistry]);
