/** Orders of offset certificates (reading the offset catalogue's tables; no plugin of it needed). */
import { domainModule } from '../platform';
import { registerOrderRoutes } from './routes';

export const orders = domainModule('orders', (app) => registerOrderRoutes(app, app.kontor.db));
