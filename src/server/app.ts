/**
 * Builds the Kontor Fastify app: database (migrated, seeded if empty), error handling, CORS,
 * OpenAPI (http/openapi.ts), auth, resources, health and the SPA. Tests use it with `app.inject` or `listen({port:0})`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { Config } from './config';
import { createDatabase, migrateToLatest, type Database } from './db/database';
import { isDatabaseEmpty, seedDemo } from './seed/seed';
import { registerAuthentication } from './auth/authenticate';
import { registerAuthRoutes } from './auth/routes';
import { apiErrorSchema, registerErrorHandler } from './http/errors';
import { createAfterResponse, waitForAfterResponseOnClose } from './http/after-response';
import { HeavyWork } from './http/heavy-work';
import { createMailer } from './mail/mailer';
import { registerJsonBodyLimits } from './http/json-limits';
import { registerNulGuard } from './http/nul-guard';
import { registerCompression } from './http/compression';
import { registerHealthRoute } from './health';
import { registerOpenApi } from './http/openapi';
import { registerResources } from './routes';
import { registerSpa } from './spa';
import { registerSecurityHeaders } from './http/security-headers';
import { requestLogFields } from './http/log-redaction';
import type { AppServices, DemoAccount } from './services';
import { SINGLE_PROCESS, type ProcessGroup } from './process-group';
import { createWebhookWorker } from './storefronts/webhooks';

/** Migrations, then the demo data into an empty database: once per start, before any request (the primary's, with several processes). */
export async function prepareDatabase(
  db: Database['db'],
  config: Config,
): Promise<{ migrationsApplied: string[]; seededAccounts: DemoAccount[] }> {
  const migrationsApplied = await migrateToLatest(db);
  const seededAccounts = config.seedDemo && (await isDatabaseEmpty(db)) ? await seedDemo(db, config) : [];
  return { migrationsApplied, seededAccounts };
}

export interface BuildAppOptions {
  config: Config;
  /** An open database to use (tests); the app then leaves closing it to the caller. */
  database?: Database;
  /** A worker of several processes (process-group.ts): the primary has migrated and seeded the database. */
  processGroup?: ProcessGroup;
}

export async function buildApp({
  config,
  database,
  processGroup = SINGLE_PROCESS,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // No link's secret in a log line: the request serializer redacts tokens in URLs (http/log-redaction.ts).
    logger: { level: config.logLevel, serializers: { req: requestLogFields } },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { allErrors: true } },
  });

  const ownsDatabase = database === undefined;
  const { db, dialect, destroy } = database ?? createDatabase(config);
  if (ownsDatabase) app.addHook('onClose', async () => destroy());

  let migrationsApplied: string[] = [];
  let seededAccounts: DemoAccount[] = [];
  try {
    if (!processGroup.worker) ({ migrationsApplied, seededAccounts } = await prepareDatabase(db, config));
  } catch (err) {
    if (ownsDatabase) await destroy();
    throw err;
  }

  const services: AppServices = {
    config,
    db,
    dialect,
    mailer: createMailer(config, app.log),
    afterResponse: createAfterResponse(app.log),
    heavyWork: new HeavyWork({ concurrent: config.heavyWorkConcurrency, queue: config.heavyWorkQueue }),
    migrationsApplied,
    seededAccounts,
    processGroup,
    webhooks: createWebhookWorker({ db, log: app.log, pollMs: config.webhookPollSeconds * 1000 }),
  };
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
    origin: config.corsOrigins.length > 0 ? [...config.corsOrigins] : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Range'],
    // Retry-After: the login page says how long a throttled sign-in has to wait.
    exposedHeaders: ['Content-Range', 'Content-Disposition', 'Retry-After'],
  });
  await registerOpenApi(app);

  registerAuthentication(app, db, config.sessionTtlHours);
  registerHealthRoute(app, db, dialect);
  registerAuthRoutes(app, services);
  await registerResources(app, services);
  await registerSpa(app, config.staticDir);
  return app;
}
