/**
 * The demo data seeded once per API run, for each database (issue #38): building an app on an empty database (every
 * schema migration, then the demo seed with its scrypt hash and demo calculations) took ~2 s a suite, 128 times a
 * run, more than the tests themselves. tests/api/global-setup.ts seeds one data directory per dialect, and on
 * PostgreSQL one template database; each suite of tests/api/harness.ts starts on a copy of them: `cpSync` of the
 * directory, `create database … template …`. The same rows, as the seed writes the same data into every empty
 * database. A suite with settings that change what the seed reads seeds afresh (`seedSettings`).
 */
import pg from 'pg';
import type { Config } from '../../src/server/config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per dialect: the seeded data directory and, on PostgreSQL, the template database. */
    apiSeeded: { sqlite?: { dataDir: string }; postgres?: { dataDir: string; database: string } };
  }
}

export const DEMO_PASSWORD = 'kontor-demo-test';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The server settings of a suite without settings of its own. */
export function suiteEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEMO_PASSWORD,
    SEED_DEMO: 'true',
    PUBLIC_URL: 'http://kontor.test',
    STATIC_DIR: `${dataDir}/static`,
    // Small enough that the 413 test needs no megabytes.
    BODY_LIMIT: '64kb',
  };
}

/**
 * What the demo seed reads of the configuration (`seedDemoIfEmpty` and `seedDemo`, src/server/seed): a suite whose
 * settings agree on it with the run's gets the same rows, so it starts on the copy; any other seeds afresh.
 */
export function seedSettings(config: Pick<Config, 'seedDemo' | 'demoPassword' | 'templatesDir'>): string {
  return JSON.stringify([config.seedDemo, config.demoPassword, config.templatesDir]);
}

export async function adminQuery(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** Whether a process of this machine still runs (signal 0 only asks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Databases a crashed or killed API run left behind: their names carry the pid of the process that made them
 * (harness.ts, global-setup.ts), so one whose process is gone is nobody's. Runs of other checkouts on the same server
 * keep theirs while they run. The seed template must be made an ordinary database again before it can be dropped.
 */
export async function dropAbandonedDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname ~ '^kontor_test_(seed_)?[0-9]+_[0-9a-f]{8}$'`,
    );
    const abandoned = rows
      .map((row) => row.datname)
      .filter((name) => !running(Number(/_(\d+)_[0-9a-f]{8}$/.exec(name)![1])));
    for (const name of abandoned) {
      await client.query(`alter database ${name} with is_template false allow_connections true`);
      await client.query(`drop database if exists ${name} with (force)`);
    }
    return abandoned;
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
