/**
 * Runs an API suite against a real Kontor server on a real database — once on a fresh SQLite
 * file in a temp dir and once on a fresh PostgreSQL database created from TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test) and dropped afterwards.
 * PostgreSQL unreachable: the PG run is skipped with a warning — except with CI=true, where it fails.
 *
 *   describeEachDatabase('users', (ctx) => { it('…', async () => { const t = await ctx.login(…) }) });
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Dialect } from '../../src/server/db/database';
import type { DatabaseSchema } from '../../src/server/db/schema';
import { outboxPath } from '../../src/server/mail/mailer';
import { adminQuery, DEMO_PASSWORD, seedSettings, suiteEnv, TEST_DATABASE_URL, withDatabase } from './seeded-data';

export { DEMO_PASSWORD, TEST_DATABASE_URL };

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is instead of JSON (for oversized or malformed bodies). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestContext {
  dialect: Dialect;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` of the listening server. */
  baseUrl: string;
  config: Config;
  db: Kysely<DatabaseSchema>;
  /** Signs in (demo password by default) and answers the bearer token; fails the test on error. */
  login(email: string, password?: string): Promise<string>;
  request<T = unknown>(method: string, url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Mails written to the outbox so far, oldest first. */
  outbox(): Array<{ to: string; subject: string; text: string }>;
  /** Waits for the work the server does after its responses (reset mails) to finish. */
  settle(): Promise<void>;
  /** Id of a seeded mandant by slug. */
  mandantId(slug: 'muster' | 'printco'): Promise<number>;
  userId(email: string): Promise<number>;
}

export interface HarnessOptions {
  /** Create a STATIC_DIR with a fake index.html (SPA fallback tests). */
  withSpa?: boolean;
  /** More environment for the server's configuration, e.g. `{ TRUST_PROXY: 'true' }` to send X-Forwarded-For. */
  env?: Record<string, string>;
}

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const postgresProblem = await postgresReachable();
const inCi = process.env.CI === 'true';
if (postgresProblem && !inCi) {
  console.warn(
    `\n⚠ PostgreSQL at ${TEST_DATABASE_URL} is not reachable (${postgresProblem}); the PostgreSQL API run is SKIPPED.\n`,
  );
}

function createContext(
  dialect: Dialect,
  options: HarnessOptions,
): { ctx: TestContext; setUp(): Promise<void>; tearDown(): Promise<void> } {
  let tmp = '';
  let pgName: string | null = null;
  let state: { app: FastifyInstance; baseUrl: string; config: Config } | null = null;
  const need = () => {
    if (!state) throw new Error('The test server is not running (beforeAll failed?).');
    return state;
  };

  const request = async <T>(method: string, url: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${need().baseUrl}${url}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  };

  const ctx: TestContext = {
    dialect,
    get app() {
      return need().app;
    },
    get baseUrl() {
      return need().baseUrl;
    },
    get config() {
      return need().config;
    },
    get db() {
      return need().app.kontor.db;
    },
    request,
    async login(email, password = DEMO_PASSWORD) {
      const res = await request<{ token?: string; message?: string }>('POST', '/api/auth/login', {
        body: { email, password },
      });
      if (res.status !== 200 || !res.body.token)
        throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token;
    },
    outbox() {
      const file = outboxPath(need().config);
      if (!fs.existsSync(file)) return [];
      return fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string; text: string });
    },
    settle() {
      return need().app.kontor.afterResponse.idle();
    },
    async mandantId(slug) {
      const row = await ctx.db.selectFrom('mandants').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
      return row.id;
    },
    async userId(email) {
      const row = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return row.id;
    },
  };

  return {
    ctx,
    async setUp() {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kontor-api-${dialect}-`));
      const env: Record<string, string> = { ...suiteEnv(tmp), ...options.env };
      // The run's seeded copy (tests/api/seeded-data.ts) unless the suite's settings change what the seed reads.
      const sameSeed = seedSettings(loadConfig(env)) === seedSettings(loadConfig(suiteEnv(tmp)));
      const seeded = sameSeed ? inject('apiSeeded')?.[dialect] : undefined;
      if (seeded) fs.cpSync(seeded.dataDir, tmp, { recursive: true });
      if (options.withSpa) {
        fs.mkdirSync(env.STATIC_DIR!, { recursive: true });
        fs.writeFileSync(
          path.join(env.STATIC_DIR!, 'index.html'),
          '<!doctype html><title>Kontor test SPA</title><div id="root"></div>',
        );
        fs.writeFileSync(path.join(env.STATIC_DIR!, 'app.js'), 'console.log("kontor");');
      }
      if (dialect === 'postgres') {
        pgName = `kontor_test_${process.pid}_${randomBytes(4).toString('hex')}`;
        const template = seeded && 'database' in seeded ? ` template ${seeded.database}` : '';
        await adminQuery(`create database ${pgName}${template}`);
        env.DATABASE_URL = withDatabase(TEST_DATABASE_URL, pgName);
      }
      const config = loadConfig(env);
      const app = await buildApp({ config });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no TCP address');
      state = { app, config, baseUrl: `http://127.0.0.1:${address.port}` };
    },
    async tearDown() {
      await state?.app.close();
      state = null;
      if (pgName) await adminQuery(`drop database if exists ${pgName} with (force)`);
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export function describeEachDatabase(
  title: string,
  suite: (ctx: TestContext) => void,
  options: HarnessOptions = {},
): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const label = `${title} [${dialect}]`;
    if (dialect === 'postgres' && postgresProblem) {
      describeUnreachablePostgres(label, () => suite(createContext(dialect, options).ctx));
      continue;
    }
    describe(label, () => {
      const harness = createContext(dialect, options);
      beforeAll(() => harness.setUp());
      afterAll(() => harness.tearDown());
      suite(harness.ctx);
    });
  }
}

/** Without PostgreSQL: a failure with CI=true, otherwise the suite skipped. */
function describeUnreachablePostgres(label: string, suite: () => void): void {
  if (inCi) {
    describe(label, () => {
      it('needs PostgreSQL (CI=true)', () => {
        throw new Error(`PostgreSQL at ${TEST_DATABASE_URL} is not reachable: ${postgresProblem}`);
      });
    });
  } else describe.skip(`${label} — PostgreSQL not reachable`, suite);
}

/** A suite about PostgreSQL itself (TEST_DATABASE_URL), with the same rules as describeEachDatabase's PostgreSQL run. */
export function describeOnPostgres(title: string, suite: () => void): void {
  if (postgresProblem) describeUnreachablePostgres(`${title} [postgres]`, suite);
  else describe(`${title} [postgres]`, suite);
}
