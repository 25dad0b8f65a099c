/**
 * Issue 6's figures: preview, apply and rollback of a factor migration (2025 → 2024 demo factors)
 * of 100,000 calculations of one mandant (BENCH_CALCULATIONS to change), over HTTP against a
 * Kontor server running as its own process — the bundle `npm start` runs — on SQLite and (if
 * reachable) PostgreSQL. For each step: wall seconds, the server's CPU seconds (not inflated by
 * other load on the machine; the database's own work is in them on SQLite only), the PostgreSQL
 * backends' CPU seconds and the server's peak resident memory during the step; each step
 * BENCH_REPEATS (≥ 3) times, the median printed with the load average and, for apply and rollback,
 * the floor measured in the same run (migrationFloor: one bare UPDATE of the same computed rows).
 *
 * BENCH_TEMPLATE_MIGRATION=1 also measures a template-version migration of as many calculations
 * (of another mandant, on an app-created copy of the flyer template whose version 2 renames a
 * field — the old one dropped, the new one with a default — and adds one to the transport legs).
 * The calculations are inserted beforehand by the benchmark itself, directly into the database.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defaultInputs, pruneInputs, type Template } from '../../src/core/template';
import { buildApp } from '../../src/server/app';
import { computeColumns } from '../../src/server/calculations/prepare';
import { loadConfig } from '../../src/server/config';
import { defaultDatabaseId, findDatabaseFor, loadFactorSet } from '../../src/server/factors/factor-set';
import { createDatabase } from '../../src/server/db/database';
import { insertCalculations, variants } from './calculations-list.bench';
import { backendCpu, backendCpuBetween } from './floors';
import { summarize } from './stats';
import { forEachBenchDatabase, freshDatabase } from './databases';
import { buildServerBundle, cpuSeconds, memoryMb, startServerProcess } from './server-process';
import type { Benchmark } from './run';

const CALCULATIONS = Number(process.env.BENCH_CALCULATIONS ?? 100_000);
const TEMPLATE_MIGRATION = !!process.env.BENCH_TEMPLATE_MIGRATION;
/** Repetitions of each step (BENCH_REPEATS, at least 3); the median is reported. */
const REPEATS = Math.max(3, Number(process.env.BENCH_REPEATS ?? 3));
const load = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;

type Post = (
  path: string,
  body?: unknown,
) => Promise<{ id: number; summary?: { count: number }; definition?: Template }>;

async function signIn(
  request: (path: string, init: RequestInit) => Promise<{ status: number; json: unknown }>,
  email: string,
): Promise<Post> {
  const login = await request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'kontor-demo' }),
  });
  const { token } = login.json as { token: string };
  return async (path, body) => {
    const res = await request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
    return res.json as Awaited<ReturnType<Post>>;
  };
}

/** Requests answered in-process (set-up before the measured server starts). */
const injector = (app: FastifyInstance) => async (path: string, init: RequestInit) => {
  const res = await app.inject({
    method: init.method as 'POST',
    url: path,
    headers: init.headers as Record<string, string>,
    payload: init.body as string | undefined,
  });
  return { status: res.statusCode, json: res.json() as unknown };
};
const fetcher = (baseUrl: string) => async (path: string, init: RequestInit) => {
  const res = await fetch(`${baseUrl}${path}`, init);
  return { status: res.status, json: (await res.json()) as unknown };
};

/** Mandant printco's calculations of an app copy of the flyer, and its version 2 (see the header). */
async function prepareTemplateMigration(app: FastifyInstance): Promise<void> {
  const { db } = app.kontor;
  const provider = await signIn(injector(app), 'admin@kontor.example');
  const copy = await provider('/api/templates/flyer/versions/1/copy', { id: 'flyer-bench', status: 'published' });
  const v1 = copy.definition!;
  const mandant = await db.selectFrom('mandants').select('id').where('slug', '=', 'printco').executeTakeFirstOrThrow();
  const editor = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'editor@printco.example')
    .executeTakeFirstOrThrow();
  const factors = await loadFactorSet(
    db,
    (await findDatabaseFor(db, mandant.id, (await defaultDatabaseId(db, mandant.id))!))!,
  );
  const inputs = pruneInputs(v1, {
    ...defaultInputs(v1),
    title: 'flyer-bench',
    tags: [],
    transport: [{ mode: 'road_freight_truck', distance_km: 120 }],
  });
  await insertCalculations(app, mandant.id, editor.id, [
    { template: v1, columns: computeColumns(v1, inputs, factors, 'de') },
  ]);
  const v2: Template = structuredClone(v1);
  const paper = v2.groups.find((group) => group.id === 'paper_group')!;
  paper.fields = paper.fields.map((field) =>
    field.name === 'spoilage_pct' ? { ...field, name: 'waste_pct', default: 8 } : field,
  );
  v2.groups
    .find((group) => group.id === 'transport')!
    .fields.push({
      name: 'return_trip',
      type: 'boolean',
      label: { de: 'Rückfahrt', en: 'Return trip', fr: 'Retour', it: 'Ritorno', es: 'Regreso' },
      default: false,
    });
  for (const result of v2.results) result.formula = result.formula.replaceAll('spoilage_pct', 'waste_pct');
  for (const [alias, field] of Object.entries(v2.import?.aliases ?? {}))
    if (field === 'spoilage_pct') v2.import!.aliases[alias] = 'waste_pct';
  await provider('/api/templates', { definition: v2, mode: 'version', status: 'published' });
}

interface StepFigures {
  seconds: number;
  cpu: number;
  /** PostgreSQL backends' CPU seconds (null on SQLite: in-process). */
  databaseCpu: number | null;
}

/** Runs one step over HTTP; answers its result and figures, and prints wall seconds, server and database CPU, peak RSS. */
async function step(
  child: ChildProcess,
  label: string,
  work: () => ReturnType<Post>,
  print: (line: string) => void,
  url?: string,
): Promise<Awaited<ReturnType<Post>> & { figures: StepFigures }> {
  const pid = child.pid!;
  let peak = memoryMb(pid, 'VmRSS');
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryMb(pid, 'VmRSS'));
  }, 20);
  const backends = url ? await backendCpu(url) : null;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(pid) - cpuBefore;
    const databaseCpu = url && backends ? backendCpuBetween(backends, await backendCpu(url)) : null;
    peak = Math.max(peak, memoryMb(pid, 'VmRSS'));
    const count = result.summary ? ` of ${result.summary.count.toLocaleString('en')} calculations` : '';
    print(
      `  ${label}${count}: ${seconds.toFixed(2)} s, server CPU ${cpu.toFixed(2)} s, database CPU ${databaseCpu === null ? 'in-process' : `${databaseCpu.toFixed(2)} s`}, server peak RSS ${peak.toFixed(0)} MB (${load()})`,
    );
    return { ...result, figures: { seconds, cpu, databaseCpu } };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The floor of an apply or rollback: the same computed rows (the last migration's items) written
 * by ONE bare UPDATE — no snapshot, no version check — into the same schema, then into a copy of
 * the table keyed by id without other indexes, constraints or triggers; each inside a transaction that is rolled back, REPEATS times.
 */
async function migrationFloor(
  env: Record<string, string>,
  migrationId: number,
  targetId: number,
): Promise<{ sameSchema: number; bare: number }> {
  const { db, dialect, destroy } = createDatabase(loadConfig({ ...env, SEED_DEMO: 'false' }));
  try {
    const update = (table: string) =>
      sql`update ${sql.id(table)} set database_id = ${targetId}, results = i.after_results, total_co2e = i.total_after
        from factor_migration_items as i
        where i.migration_id = ${migrationId} and i.excluded is null and i.calculation_id = ${sql.id(table)}.calculation_id`;
    const timed = async (table: string) => {
      const samples: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const started = performance.now();
        await db
          .transaction()
          .execute(async (trx) => {
            await update(table).execute(trx);
            samples.push((performance.now() - started) / 1000);
            throw new FloorDone();
          })
          .catch((error: unknown) => {
            if (!(error instanceof FloorDone)) throw error;
          });
      }
      return summarize(samples).median;
    };
    // The columns a migration rewrites live in calculation_state (migration 0032).
    const sameSchema = await timed('calculation_state');
    // Keyed by calculation_id (the UPDATE finds each row by it), otherwise bare: no secondary index, constraint or trigger.
    if (dialect === 'postgres') {
      await sql`create table bare_calculations (like calculation_state including defaults)`.execute(db);
      await sql`alter table bare_calculations add primary key (calculation_id)`.execute(db);
      await sql`insert into bare_calculations select * from calculation_state`.execute(db);
    } else {
      const columns = (
        await sql<{
          name: string;
        }>`select name from pragma_table_info('calculation_state') where name <> 'calculation_id'`.execute(db)
      ).rows.map((c) => sql.id(c.name));
      await sql`create table bare_calculations (calculation_id integer primary key, ${sql.join(columns)})`.execute(db);
      await sql`insert into bare_calculations select calculation_id, ${sql.join(columns)} from calculation_state`.execute(
        db,
      );
    }
    const bare = await timed('bare_calculations');
    await sql`drop table bare_calculations`.execute(db);
    return { sameSchema, bare };
  } finally {
    await destroy();
  }
}

class FloorDone extends Error {}

async function benchMigration(kind: 'sqlite' | 'postgres', print: (line: string) => void): Promise<void> {
  const database = await freshDatabase(kind);
  try {
    // Set-up in-process: schema, demo data and the calculations, written straight into the database.
    const app = await buildApp({ config: loadConfig({ ...database.env, DEMO_PASSWORD: 'kontor-demo' }) });
    let targetId: number;
    let currentId: number;
    try {
      const { db } = app.kontor;
      const mandant = await db
        .selectFrom('mandants')
        .select('id')
        .where('slug', '=', 'muster')
        .executeTakeFirstOrThrow();
      const editor = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'editor@muster.example')
        .executeTakeFirstOrThrow();
      currentId = (await defaultDatabaseId(db, mandant.id))!;
      const factors = await loadFactorSet(db, (await findDatabaseFor(db, mandant.id, currentId))!);
      const insertMs = await insertCalculations(app, mandant.id, editor.id, await variants(app, factors));
      print(
        `  [${kind}] inserted ${CALCULATIONS.toLocaleString('en')} calculations in ${(insertMs / 1000).toFixed(1)} s`,
      );
      if (TEMPLATE_MIGRATION) await prepareTemplateMigration(app);
      // Fresh statistics and (SQLite) the write-ahead log written back, as a running system's
      // would be, so the first measured step does not pay for the bulk load.
      if (kind === 'postgres') await sql`vacuum analyze`.execute(db);
      else {
        await sql`analyze`.execute(db);
        await sql`pragma wal_checkpoint(truncate)`.execute(db);
      }
      targetId = (
        await db
          .selectFrom('factor_databases')
          .select('id')
          .where('version_label', '=', '2024')
          .executeTakeFirstOrThrow()
      ).id;
    } finally {
      await app.close();
    }

    const url = database.env.DATABASE_URL;
    const figures: Record<'preview' | 'apply' | 'rollback', StepFigures[]> = { preview: [], apply: [], rollback: [] };
    let lastMigration = 0;
    const { child, baseUrl } = await startServerProcess(database.env);
    try {
      const post = await signIn(fetcher(baseUrl), 'admin@muster.example');
      for (let i = 0; i < REPEATS; i++) {
        const preview = await step(
          child,
          `[${kind}] preview`,
          () => post('/api/migrations', { to_database_id: targetId }),
          print,
          url,
        );
        figures.preview.push(preview.figures);
        lastMigration = preview.id;
        const steps = ['apply', 'rollback'] as const;
        for (const name of steps)
          figures[name].push(
            (await step(child, `[${kind}] ${name}`, () => post(`/api/migrations/${preview.id}/${name}`), print, url))
              .figures,
          );
      }
      // Every calculation is back on its database.
      const token = (await (
        await fetch(`${baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@muster.example', password: 'kontor-demo' }),
        })
      ).json()) as { token: string };
      const back = await fetch(
        `${baseUrl}/api/calculations?${new URLSearchParams({ filter: JSON.stringify({ database_id: currentId }), range: '[0,0]' })}`,
        { headers: { authorization: `Bearer ${token.token}` } },
      );
      const total = Number(back.headers.get('content-range')?.split('/')[1] ?? 0);
      if (total < CALCULATIONS) throw new Error(`rollback left ${CALCULATIONS - total} calculations on the target`);
      if (TEMPLATE_MIGRATION) {
        const printco = await signIn(fetcher(baseUrl), 'admin@printco.example');
        const carried = await step(
          child,
          `[${kind}] template migration preview`,
          () => printco('/api/migrations', { kind: 'template', template_id: 'flyer-bench', to_template_version: 2 }),
          print,
        );
        await step(
          child,
          `[${kind}] template migration apply`,
          () => printco(`/api/migrations/${carried.id}/apply`),
          print,
        );
        await step(
          child,
          `[${kind}] template migration rollback`,
          () => printco(`/api/migrations/${carried.id}/rollback`),
          print,
        );
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // With the server stopped: the floor writes through its own connection.
    const floor = await migrationFloor(database.env, lastMigration, targetId);
    const median = (values: number[]) => summarize(values).median;
    for (const name of ['preview', 'apply', 'rollback'] as const) {
      const runs = figures[name];
      const seconds = median(runs.map((r) => r.seconds));
      const cpu = median(runs.map((r) => r.cpu));
      const databaseCpu = kind === 'postgres' ? median(runs.map((r) => r.databaseCpu ?? 0)) : null;
      const beside =
        name === 'preview'
          ? ''
          : ` | floor: one bare UPDATE of the same rows, same schema ${floor.sameSchema.toFixed(2)} s (${(floor.sameSchema / seconds).toFixed(2)} × its rate), table keyed by id only ${floor.bare.toFixed(2)} s`;
      print(
        `  [${kind}] MEDIAN of ${REPEATS}: ${name} ${seconds.toFixed(2)} s; Kontor CPU ${Math.round((cpu / CALCULATIONS) * 1e6)} µs/calculation, database CPU ${databaseCpu === null ? 'in-process' : `${Math.round((databaseCpu / CALCULATIONS) * 1e6)} µs/calculation`}${beside} (${load()})`,
      );
    }
  } finally {
    await database.dispose();
  }
}

export const migrationBenchmark: Benchmark = {
  name: `Migrations: preview, apply and rollback of ${CALCULATIONS.toLocaleString('en')} calculations of one mandant`,
  async run(print) {
    buildServerBundle();
    await forEachBenchDatabase(print, benchMigration);
  },
};
