/**
 * The template registry, shared as `app.templates` with every module that computes (not encapsulated), and the
 * template routes (encapsulated).
 */
import fp from 'fastify-plugin';
import { domainModule, PLUGIN } from '../platform';
import { loadTemplateRegistry } from './registry';
import { registerTemplateRoutes } from './routes';
import type { CalculationUsage } from './calculation-usage';

export const templateRegistry = fp(
  async (app) => {
    // Shipped files are read once at start-up (broken ones logged and skipped); app-created versions on demand.
    const registry = await loadTemplateRegistry(app.kontor.config.templatesDir, app.kontor.db, app.log);
    app.decorate('templates', registry);
    // App-created versions may come from another process: one cheap freshness check per API request.
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/') && !/^\/api\/(auth|health|docs|openapi)/.test(request.url))
        await registry.refresh();
    });
  },
  { name: PLUGIN.templateRegistry, dependencies: [PLUGIN.platform], fastify: '5.x' },
);

/** The template routes; what they read of the calculations comes from the calculations module (routes.ts). */
export const templates = (calculations: CalculationUsage) =>
  domainModule('templates', (app) => registerTemplateRoutes(app, app.templates, calculations, app.kontor.db), [
    PLUGIN.templateRegistry,
  ]);
