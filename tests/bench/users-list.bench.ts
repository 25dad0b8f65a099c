/**
 * GET /api/users at 10,000 users in one mandant: sorted, filtered and paged as react-admin asks,
 * over real HTTP, on SQLite and (if reachable) PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { hashPassword } from '../../src/server/auth/password';
import { isoNow } from '../../src/server/db/values';
import { freshDatabase, postgresReachable } from './databases';
import type { Benchmark } from './run';
import { formatSummary, summarize } from './stats';

const USERS = 10_000;
const REQUESTS = 60;
const BATCH = 500;
const ROLES = ['editor', 'viewer', 'mandant_admin'] as const;
const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannes', 'Ida', 'Jan'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann'];

async function insertUsers(app: FastifyInstance, mandantId: number): Promise<number> {
  const { db } = app.kontor;
  const hash = await hashPassword('bench-password');
  const now = isoNow();
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < USERS; offset += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, USERS - offset) }, (_, j) => {
        const i = offset + j;
        return {
          mandant_id: mandantId,
          email: `user${i}@bench.example`,
          name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i}`,
          role: ROLES[i % 3]!,
          language: 'de' as const,
          password_hash: hash,
          active: i % 7 !== 0,
          created_at: now,
          updated_at: now,
        };
      });
      await trx.insertInto('users').values(rows).execute();
    }
  });
  return performance.now() - started;
}

const QUERIES: Array<[string, Record<string, string>]> = [
  ['sort name ASC, page 1 (25)', { sort: '["name","ASC"]', range: '[0,24]', filter: '{}' }],
  ['sort name DESC, page 200 (25)', { sort: '["name","DESC"]', range: '[4975,4999]', filter: '{}' }],
  [
    'filter role+active, sort email, page 3',
    { sort: '["email","ASC"]', range: '[50,74]', filter: '{"role":"editor","active":true}' },
  ],
  ['filter q="weber 12", sort name', { sort: '["name","ASC"]', range: '[0,24]', filter: '{"q":"weber 12"}' }],
];

async function benchOne(kind: 'sqlite' | 'postgres', print: (line: string) => void): Promise<void> {
  const database = await freshDatabase(kind);
  const app = await buildApp({ config: loadConfig({ ...database.env, DEMO_PASSWORD: 'kontor-demo' }) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const mandant = await app.kontor.db
      .selectFrom('mandants')
      .select('id')
      .where('slug', '=', 'muster')
      .executeTakeFirstOrThrow();
    const insertMs = await insertUsers(app, mandant.id);
    // Fresh statistics, as autovacuum would gather them after a bulk load in production.
    if (kind === 'postgres') await sql`analyze users`.execute(app.kontor.db);
    print(`  [${kind}] inserted ${USERS} users in ${insertMs.toFixed(0)} ms`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@muster.example', password: 'kontor-demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    for (const [label, params] of QUERIES) {
      const url = `${base}/api/users?${new URLSearchParams(params).toString()}`;
      const samples: number[] = [];
      let total = '';
      for (let i = 0; i < REQUESTS + 5; i++) {
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
        total = res.headers.get('content-range') ?? '';
        if (i >= 5) samples.push(performance.now() - started); // the first few warm caches and plans
      }
      print(formatSummary(`[${kind}] ${label} → ${total}`, summarize(samples)));
    }
  } finally {
    await app.close();
    await database.dispose();
  }
}

export const usersListBenchmark: Benchmark = {
  name: `GET /api/users at ${USERS.toLocaleString('en')} users`,
  async run(print) {
    await benchOne('sqlite', print);
    if (await postgresReachable()) await benchOne('postgres', print);
    else print('  [postgres] skipped: PostgreSQL not reachable (TEST_DATABASE_URL)');
  },
};
