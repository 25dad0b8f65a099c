/** Machines and their production data. */
import { domainModule } from '../platform';
import { registerMachineRoutes } from './routes';

export const machines = domainModule('machines', (app) => registerMachineRoutes(app, app.kontor.db));
