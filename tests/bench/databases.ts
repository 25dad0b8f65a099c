/** Fresh databases for benchmarks: a temp-dir SQLite file, or a new PostgreSQL database if reachable. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  env: Record<string, string>;
  dispose(): Promise<void>;
}

async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await admin('select 1');
    return true;
  } catch {
    return false;
  }
}

export async function freshDatabase(kind: 'sqlite' | 'postgres'): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-'));
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', STATIC_DIR: path.join(dir, 'static') };
  let pgName: string | null = null;
  if (kind === 'postgres') {
    pgName = `kontor_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${pgName}`);
    const url = new URL(BENCH_DATABASE_URL);
    url.pathname = `/${pgName}`;
    env.DATABASE_URL = url.toString();
  }
  return {
    kind,
    env,
    async dispose() {
      if (pgName) await admin(`drop database if exists ${pgName} with (force)`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `bench` on SQLite and, if reachable, PostgreSQL; BENCH_DATABASES=sqlite or =postgres measures one database only.
 */
export async function forEachBenchDatabase(
  print: (line: string) => void,
  bench: (kind: BenchDatabase['kind'], print: (line: string) => void) => Promise<void>,
): Promise<void> {
  const kinds = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
  if (kinds.includes('sqlite')) await bench('sqlite', print);
  if (!kinds.includes('postgres')) return;
  if (await postgresReachable()) await bench('postgres', print);
  else print('  [postgres] skipped: PostgreSQL not reachable (TEST_DATABASE_URL)');
}
