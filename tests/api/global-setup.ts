/**
 * Once per API run: the demo data seeded by the app itself, once per database (tests/api/seeded-data.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { adminQuery, dropAbandonedDatabases, suiteEnv, TEST_DATABASE_URL, withDatabase } from './seeded-data';

async function seed(dataDir: string, databaseUrl?: string): Promise<void> {
  const env = suiteEnv(dataDir);
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const app = await buildApp({ config: loadConfig(env) });
  await app.ready();
  await app.close();
}

export default async function setup(project: TestProject) {
  const made: { dirs: string[]; database?: string } = { dirs: [] };
  const directory = (dialect: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kontor-api-seeded-${dialect}-`));
    made.dirs.push(dir);
    return dir;
  };
  const teardown = async () => {
    for (const dir of made.dirs) fs.rmSync(dir, { recursive: true, force: true });
    if (made.database) {
      await adminQuery(`alter database ${made.database} with is_template false allow_connections true`);
      await adminQuery(`drop database if exists ${made.database} with (force)`);
    }
  };

  const sqliteDir = directory('sqlite');
  await seed(sqliteDir);
  const seeded: ProvidedContext['apiSeeded'] = { sqlite: { dataDir: sqliteDir } };
  try {
    const dropped = await dropAbandonedDatabases();
    if (dropped.length > 0) console.warn(`API run: dropped ${dropped.length} database(s) of runs that are gone`);
    const database = `kontor_test_seed_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${database}`);
    made.database = database;
    const postgresDir = directory('postgres');
    await seed(postgresDir, withDatabase(TEST_DATABASE_URL, database));
    // A template nobody connects to, autovacuum included: `create database … template` refuses a source in use.
    await adminQuery(`alter database ${database} with is_template true allow_connections false`);
    seeded.postgres = { dataDir: postgresDir, database };
  } catch (error) {
    // PostgreSQL unreachable: the harness skips (or, with CI=true, fails) the PostgreSQL suites and says why. Any
    // other failure shows again, with its cause, when the suites seed afresh.
    console.warn(`API run: no seeded PostgreSQL template (${error instanceof Error ? error.message : String(error)})`);
  }
  project.provide('apiSeeded', seeded);
  return teardown;
}
