/** Storefronts: the resource, its secret keys and webhooks, the orders they bring, the public quote API and widget. */
import { domainModule, PLUGIN } from '../platform';
import { registerRestResource } from '../http/rest-resource';
import { storefrontsResource } from './resource';
import { registerStorefrontPublicRoutes } from './public-routes';
import { registerWidgetScript } from './widget-script';
import { registerStorefrontOrderRoutes } from './orders';
import { registerStorefrontSecretKeyRoutes } from './secret-keys';
import { registerStorefrontWebhookRoutes } from './webhook-routes';
import { registerStorefrontChannelRoute } from './channel-names';

export const storefronts = domainModule(
  'storefronts',
  (app) => {
    const { db, config } = app.kontor;
    registerRestResource(app, db, storefrontsResource(app.templates));
    registerStorefrontSecretKeyRoutes(app, db);
    registerStorefrontWebhookRoutes(app, db);
    registerStorefrontChannelRoute(app, db);
    registerStorefrontOrderRoutes(app, db, app.templates, config.publicUrl);
    registerStorefrontPublicRoutes(app, db, app.templates, {
      perAddress: config.storefrontQuotesPerMinute,
      perKey: config.storefrontQuotesPerMinutePerKey,
    });
    registerWidgetScript(app, config.staticDir);
  },
  [PLUGIN.templateRegistry],
);
