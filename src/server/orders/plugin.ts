/** Orders of offset certificates (reading the offset catalogue's tables; no plugin of it needed). */
import { domainModule } from '../platform';
import { registerOrderRoutes } from './routes';
import type { OrderEvents } from './transitions';

/** `events`: what the modules above orders do when an order moves (storefronts' webhooks; routes.ts gives them). */
export const orders = (events: OrderEvents) =>
  domainModule('orders', (app) => registerOrderRoutes(app, app.kontor.db, events));
