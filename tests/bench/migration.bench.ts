/**
 * Issue 6's figures: preview and apply of a factor migration (2025 → 2024 demo factors) for
 * 100,000 calculations of one mandant (BENCH_CALCULATIONS to change), over real HTTP, on SQLite
 * and (if reachable) PostgreSQL: seconds for each step and the peak resident memory while it ran.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { defaultDatabaseId, findDatabaseFor, loadFactorSet } from '../../src/server/factors/factor-set';
import { insertCalculations, variants } from './calculations-list.bench';
import { freshDatabase, postgresReachable } from './databases';
import type { Benchmark } from './run';

const CALCULATIONS = Number(process.env.BENCH_CALCULATIONS ?? 100_000);
const MB = 1024 * 1024;

/** Runs `work` while sampling RSS every 10 ms; answers seconds and the peak RSS in MB. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, seconds: (performance.now() - started) / 1000, peakMb: peak / MB };
  } finally {
    clearInterval(timer);
  }
}

async function benchMigration(kind: 'sqlite' | 'postgres', print: (line: string) => void): Promise<void> {
  const database = await freshDatabase(kind);
  const app = await buildApp({ config: loadConfig({ ...database.env, DEMO_PASSWORD: 'kontor-demo' }) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { db } = app.kontor;
    const mandant = await db.selectFrom('mandants').select('id').where('slug', '=', 'muster').executeTakeFirstOrThrow();
    const editor = await db.selectFrom('users').select('id').where('email', '=', 'editor@muster.example').executeTakeFirstOrThrow();
    const currentId = (await defaultDatabaseId(db, mandant.id))!;
    const factors = await loadFactorSet(db, (await findDatabaseFor(db, mandant.id, currentId))!);
    const insertMs = await insertCalculations(app, mandant.id, editor.id, await variants(app, factors));
    if (kind === 'postgres') await sql`vacuum analyze calculations`.execute(db);
    else await sql`analyze`.execute(db);
    print(`  [${kind}] inserted ${CALCULATIONS.toLocaleString('en')} calculations in ${(insertMs / 1000).toFixed(1)} s (RSS now ${(process.memoryUsage().rss / MB).toFixed(0)} MB)`);
    const target = await db.selectFrom('factor_databases').select('id').where('version_label', '=', '2024').executeTakeFirstOrThrow();

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@muster.example', password: 'kontor-demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    const post = async (path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { id: number; summary?: { count: number } };
      if (res.status >= 300) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const preview = await measured(() => post('/api/migrations', { to_database_id: target.id }));
    print(`  [${kind}] preview of ${preview.result.summary?.count.toLocaleString('en')} calculations: ${preview.seconds.toFixed(2)} s, peak RSS ${preview.peakMb.toFixed(0)} MB`);
    const apply = await measured(() => post(`/api/migrations/${preview.result.id}/apply`));
    print(`  [${kind}] apply: ${apply.seconds.toFixed(2)} s, peak RSS ${apply.peakMb.toFixed(0)} MB`);
    const rollback = await measured(() => post(`/api/migrations/${preview.result.id}/rollback`));
    print(`  [${kind}] rollback: ${rollback.seconds.toFixed(2)} s, peak RSS ${rollback.peakMb.toFixed(0)} MB`);
    const migrated = await db.selectFrom('calculations').select((eb) => eb.fn.countAll().as('n')).where('database_id', '=', currentId).executeTakeFirstOrThrow();
    if (Number(migrated.n) < CALCULATIONS) throw new Error(`rollback left ${CALCULATIONS - Number(migrated.n)} calculations on the target`);
  } finally {
    await app.close();
    await database.dispose();
  }
}

export const migrationBenchmark: Benchmark = {
  name: `Migrations: preview, apply and rollback of ${CALCULATIONS.toLocaleString('en')} calculations of one mandant`,
  async run(print) {
    await benchMigration('sqlite', print);
    if (await postgresReachable()) await benchMigration('postgres', print);
    else print('  [postgres] skipped: PostgreSQL not reachable (TEST_DATABASE_URL)');
  },
};
