/**
 * Every API resource, registered in one list. A new resource adds one line here (and its
 * definition in its own folder, using `registerRestResource`).
 */
import type { FastifyInstance } from 'fastify';
import { registerRestResource } from './http/rest-resource';
import { mandantsResource } from './mandants/resource';
import { usersResource } from './users/resource';
import { invitationsResource } from './invitations/resource';
import { registerInvitationRoutes } from './invitations/routes';
import { registerCalculationRoutes } from './calculations/routes';
import { registerFactorRoutes } from './factors/routes';
import { registerMigrationRoutes } from './migrations/routes';
import { registerMachineRoutes } from './machines/routes';
import { loadTemplateRegistry } from './templates/registry';
import { registerTemplateRoutes } from './templates/routes';
import { registerProtocolRoutes } from './protocol/routes';
import { registerApiTokenRoutes } from './api-tokens/routes';
import { registerImportRoutes } from './imports/routes';
import { registerCollectionRoutes } from './collections/routes';
import { registerStatisticsRoutes } from './statistics/routes';
import { registerOffsetsAndOrders } from './orders/module';
import { unitsResource } from './units/resource';
import { registerReportRoutes } from './reports/routes';
import { storefrontsResource } from './storefronts/resource';
import { registerStorefrontPublicRoutes } from './storefronts/public-routes';
import { registerWidgetScript } from './storefronts/widget-script';
import { registerStorefrontOrderRoutes } from './storefronts/orders';
import { registerStorefrontSecretKeyRoutes } from './storefronts/secret-keys';
import { registerStorefrontWebhookRoutes } from './storefronts/webhook-routes';
import type { AppServices } from './services';

export async function registerResources(app: FastifyInstance, services: AppServices): Promise<void> {
  registerRestResource(app, services.db, usersResource);
  registerRestResource(app, services.db, mandantsResource);
  const delivery = { mailer: services.mailer, publicUrl: services.config.publicUrl };
  registerRestResource(app, services.db, invitationsResource(delivery));
  registerInvitationRoutes(app, services.db, delivery);
  registerProtocolRoutes(app, services.db);
  registerApiTokenRoutes(app, services.db);
  // Shipped files are read once at start-up (broken ones logged and skipped); app-created versions on demand.
  const templates = await loadTemplateRegistry(services.config.templatesDir, services.db, app.log);
  app.decorate('templates', templates);
  registerTemplateRoutes(app, templates, services.db);
  registerRestResource(app, services.db, unitsResource(templates));
  registerFactorRoutes(app, services.db);
  registerMachineRoutes(app, services.db);
  registerMigrationRoutes(app, services.db, templates);
  registerCalculationRoutes(app, services, templates);
  await registerImportRoutes(app, services, templates);
  registerOffsetsAndOrders(app, services.db);
  await registerCollectionRoutes(app, services.db);
  registerStatisticsRoutes(app, services.db);
  registerReportRoutes(app, services.db, templates, services.config.publicUrl);
  registerRestResource(app, services.db, storefrontsResource(templates));
  registerStorefrontSecretKeyRoutes(app, services.db);
  registerStorefrontWebhookRoutes(app, services.db);
  registerStorefrontOrderRoutes(app, services.db, templates, services.config.publicUrl);
  registerStorefrontPublicRoutes(app, services.db, templates, {
    perAddress: services.config.storefrontQuotesPerMinute,
    perKey: services.config.storefrontQuotesPerMinutePerKey,
  });
  registerWidgetScript(app, services.config.staticDir);
}
