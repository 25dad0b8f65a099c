/** The offset project catalogue. */
import { domainModule } from '../platform';
import { registerOffsetProjectRoutes } from './routes';

export const offsets = domainModule('offsets', (app) => registerOffsetProjectRoutes(app, app.kontor.db));
