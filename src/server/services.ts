/** What the app shares with its routes; reachable as `app.kontor` after `buildApp`. */
import type { Kysely } from 'kysely';
import type { Role } from '../core/api';
import type { Language } from '../core/languages';
import type { Config } from './config';
import type { Dialect } from './db/database';
import type { DatabaseSchema } from './db/schema';
import type { AfterResponse } from './http/after-response';
import type { HeavyWork } from './http/heavy-work';
import type { Mailer } from './mail/mailer';
import type { ProcessGroup } from './process-group';

/** A demo account the seed layer created (`seed/seed.ts`), as the start reports it. */
export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  language: Language;
  /** Slug of the mandant, null for the provider admin. */
  mandant: string | null;
}

/** The storefront webhook sender (storefronts/webhooks.ts); declared here so the platform names no domain module. */
export interface WebhookWorker {
  /** Sends what is due soon (after a commit that wrote deliveries); runs coalesce. */
  wake(): void;
  /** Claims and sends every delivery due now; answers how many attempts were made. */
  runDue(): Promise<number>;
  /** Settles when no run is going on. */
  idle(): Promise<void>;
  /** The worker's clock in milliseconds (tests move it past a back-off). */
  now(): number;
  setClock(now: () => number): void;
  stop(): void;
}

export interface AppServices {
  config: Config;
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  mailer: Mailer;
  /** Work done after a response is sent (mails whose timing must not reveal anything). */
  afterResponse: AfterResponse;
  /** The ceiling on concurrent heavy answers (PDFs, CSV exports, verification pages). */
  heavyWork: HeavyWork;
  /** Migrations applied by this start (empty when the schema was current). */
  migrationsApplied: string[];
  /** Demo accounts seeded by this start (empty when the database already had data). */
  seededAccounts: DemoAccount[];
  /** The other server processes on this database, if `WEB_CONCURRENCY` started several (process-group.ts). */
  processGroup: ProcessGroup;
  /** Sends storefront webhooks: woken after an event, polling for retries (storefronts/webhooks.ts). */
  webhooks: WebhookWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    kontor: AppServices;
  }
}
