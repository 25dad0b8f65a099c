/** Collections of calculations. */
import { domainModule } from '../platform';
import { registerCollectionRoutes } from './routes';

export const collections = domainModule('collections', (app) => registerCollectionRoutes(app, app.kontor.db));
