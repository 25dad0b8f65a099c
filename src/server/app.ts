/**
 * Builds the Kontor Fastify app as a tree of plugins: the platform (services, errors, limits, compression, CORS,
 * OpenAPI; platform.ts), the demo seed, authentication, health and the sign-in routes, one plugin per domain module
 * (routes.ts) and the SPA. Tests use it with `app.inject` or `listen({port:0})`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createDatabase, migrateToLatest, type Database } from './db/database';
import { demoSeed, seedDemoIfEmpty } from './seed/plugin';
import { authentication, authRoutes } from './auth/plugin';
import { createAfterResponse } from './http/after-response';
import { HeavyWork } from './http/heavy-work';
import { createMailer } from './mail/mailer';
import { health } from './health';
import { platform } from './platform';
import { registerDomainModules } from './routes';
import { spa } from './spa';
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
  return { migrationsApplied, seededAccounts: await seedDemoIfEmpty(db, config) };
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
  try {
    if (!processGroup.worker) migrationsApplied = await migrateToLatest(db);
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
    seededAccounts: [],
    processGroup,
    webhooks: createWebhookWorker({ db, log: app.log, pollMs: config.webhookPollSeconds * 1000 }),
  };
  try {
    await app.register(platform, { services });
    await app.register(demoSeed);
    await app.register(authentication);
    await app.register(health);
    await app.register(authRoutes);
    await registerDomainModules(app);
    await app.register(spa);
  } catch (err) {
    services.webhooks.stop();
    if (ownsDatabase) await destroy();
    throw err;
  }
  return app;
}
