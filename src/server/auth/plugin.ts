/** The identity layer's plugins: `app.authenticate` shared with every route, and the sign-in routes. */
import fp from 'fastify-plugin';
import { domainModule, PLUGIN } from '../platform';
import { registerAuthentication } from './authenticate';
import { registerAuthRoutes } from './routes';

export const authentication = fp(
  async (app) => registerAuthentication(app, app.kontor.db, app.kontor.config.sessionTtlHours),
  { name: PLUGIN.authentication, dependencies: [PLUGIN.platform], fastify: '5.x' },
);

export const authRoutes = domainModule('auth', (app) => registerAuthRoutes(app, app.kontor));
