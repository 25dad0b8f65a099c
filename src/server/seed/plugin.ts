/**
 * The demo seed layer's hook into start-up: an empty database gets the demo data before any module loads, once per
 * start (by the primary when several processes run: `prepareDatabase` in app.ts, so a worker skips it).
 */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DatabaseSchema } from '../db/schema';
import type { DemoAccount } from '../services';
import { PLUGIN } from '../platform';
import { isDatabaseEmpty, seedDemo } from './seed';

/** Seeds the demo data when configured and the database is empty; answers the accounts it created. */
export async function seedDemoIfEmpty(db: Kysely<DatabaseSchema>, config: Config): Promise<DemoAccount[]> {
  return config.seedDemo && (await isDatabaseEmpty(db)) ? seedDemo(db, config) : [];
}

export const demoSeed = fp(
  async (app) => {
    const services = app.kontor;
    if (!services.processGroup.worker) services.seededAccounts = await seedDemoIfEmpty(services.db, services.config);
  },
  { name: 'kontor-demo-seed', dependencies: [PLUGIN.platform], fastify: '5.x' },
);
