/** Personal API tokens. */
import { domainModule } from '../platform';
import { registerApiTokenRoutes } from './routes';

export const apiTokens = domainModule('api-tokens', (app) => registerApiTokenRoutes(app, app.kontor.db));
