/**
 * The platform layer as Fastify plugins. `platform` shares the app's services (`app.kontor`) and registers what every
 * route relies on once, at the root: the error answers, body limits, compression, security headers, CORS and OpenAPI.
 * `domainModule` wraps a module's routes in an encapsulated plugin with a name and the plugins it needs, so a module
 * registered before what it depends on fails at start-up with that name rather than at its first request.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import type { AppServices } from './services';
import { apiErrorSchema, registerErrorHandler } from './http/errors';
import { waitForAfterResponseOnClose } from './http/after-response';
import { registerJsonBodyLimits } from './http/json-limits';
import { registerNulGuard } from './http/nul-guard';
import { registerCompression } from './http/compression';
import { registerSecurityHeaders } from './http/security-headers';
import { registerOpenApi } from './http/openapi';

/** Plugin names other plugins declare as dependencies. */
export const PLUGIN = {
  platform: 'kontor-platform',
  /** `app.authenticate` and the request's user (auth/plugin.ts). */
  authentication: 'kontor-authentication',
  /** `app.templates`, the template registry (templates/plugin.ts). */
  templateRegistry: 'kontor-template-registry',
} as const;

export const platform = fp<{ services: AppServices }>(
  async (app, { services }) => {
    app.decorate('kontor', services);
    app.addHook('onClose', async () => {
      services.webhooks.stop();
      await services.webhooks.idle();
    });
    waitForAfterResponseOnClose(app, services.afterResponse);

    registerErrorHandler(app);
    app.addSchema(apiErrorSchema);
    registerJsonBodyLimits(app);
    registerNulGuard(app);
    registerCompression(app);
    registerSecurityHeaders(app);
    // Off unless CORS_ORIGINS lists the origins whose pages may call the API (the SPA itself is same-origin).
    await app.register(cors, {
      origin: services.config.corsOrigins.length > 0 ? [...services.config.corsOrigins] : false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Range'],
      // Retry-After: the login page says how long a throttled sign-in has to wait.
      exposedHeaders: ['Content-Range', 'Content-Disposition', 'Retry-After'],
    });
    await registerOpenApi(app);
  },
  { name: PLUGIN.platform, fastify: '5.x' },
);

/**
 * A domain module's plugin: encapsulated (its hooks and content-type parsers stay its own), named `kontor-<name>`,
 * needing the platform, authentication and the plugins `after` names.
 */
export function domainModule(
  name: string,
  register: (app: FastifyInstance) => void | Promise<void>,
  after: readonly string[] = [],
) {
  return fp(async (app) => register(app), {
    name: `kontor-${name}`,
    dependencies: [PLUGIN.platform, PLUGIN.authentication, ...after],
    encapsulate: true,
    fastify: '5.x',
  });
}
