/** Reading the protocol. */
import { domainModule } from '../platform';
import { registerProtocolRoutes } from './routes';

export const protocol = domainModule('protocol', (app) => registerProtocolRoutes(app, app.kontor.db));
