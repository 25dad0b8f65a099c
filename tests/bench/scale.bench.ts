/**
 * Issue 38 item 5's scale run: SCALE_ROWS (10,000,000) calculations across SCALE_MANDANTS (200) mandants on
 * PostgreSQL, the largest (muster) a tenth of them, printco a thousandth, the rest spread geometrically. Then, at that
 * size: the calculations list (the queries of calculations-list.bench) for the largest and the small mandant, every
 * statistic, an import of SCALE_IMPORT_ROWS brochure rows into the largest, and a migration preview of the small and
 * the largest mandant. SCALE_ROWS=1000000 gives the same figures with the largest mandant at 100,000.
 *
 * Only `npm run bench -- scale` runs it (the full size writes ~29 GB, 2.85 KB a calculation with its indexes; check
 * the disk first). It builds its own database SCALE_DATABASE (kontor_scale) and drops it at the end unless
 * SCALE_KEEP=1; SCALE_REUSE=1 measures the kept one. SCALE_IMPORT_ROWS=0 and SCALE_MIGRATION=0 leave those out.
 *
 * The rows have the shape the app writes: the app inserts one real calculation per template (inputs, results with
 * breakdown, as the API stores them) as prototypes; PostgreSQL multiplies them with generate_series (titles, customers,
 * tags, status, totals and timestamps varied per row), together with their calculation_state and calculation_tags
 * rows. The load runs with session_replication_role = replica (a superuser setting: no per-statement triggers, no
 * foreign-key checks) and without the secondary indexes; afterwards the indexes are rebuilt from their own
 * definitions, the list counts and number counters written as the triggers would have, and the tables vacuumed and
 * analysed as autovacuum would.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import pg from 'pg';
import { STATISTIC_NAMES } from '../../src/core/api';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { defaultDatabaseId, findDatabaseFor, loadFactorSet } from '../../src/server/factors/factor-set';
import { insertCalculations, LIST_QUERIES, variants } from './calculations-list.bench';
import { BENCH_DATABASE_URL, postgresReachable } from './databases';
import { csvStream } from './import.bench';
import { cpuSeconds } from './server-process';
import type { Benchmark } from './run';
import { formatSummary, summarize } from './stats';

const TOTAL = Number(process.env.SCALE_ROWS ?? 10_000_000);
const MANDANTS = Number(process.env.SCALE_MANDANTS ?? 200);
const LARGEST = Math.round(TOTAL / 10);
const SMALL = Math.round(TOTAL / 1000);
const IMPORT_ROWS = Number(process.env.SCALE_IMPORT_ROWS ?? 20_000);
const DATABASE = process.env.SCALE_DATABASE ?? 'kontor_scale';
const BATCH = 250_000;
const REQUESTS = 15;
const YEAR = new Date().getUTCFullYear();
/** Every mandant's calculations spread over the two years before the run. */
const SPAN_S = 730 * 86_400;
const NOW_S = Math.floor(Date.now() / 1000);
const RANGE = {
  from: new Date((NOW_S - SPAN_S - 86_400) * 1000).toISOString().slice(0, 10),
  to: new Date((NOW_S + 86_400) * 1000).toISOString().slice(0, 10),
};
const TAGS = ['messe', 'katalog', 'stammkunde', 'event', 'eilig', 'bericht', 'nachhaltig', 'angebot', 'export', 'test'];
const CUSTOMERS = [
  'Verlag Nord',
  'Stadtwerke Musterstadt',
  'Bäckerei Korn',
  'Kanzlei Berger',
  'Museum Süd',
  'Blau-Weiß',
];
const TABLES = ['calculations', 'calculation_state', 'calculation_tags'];

const load = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function databaseUrl(): string {
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Sizes of the mandants after muster (LARGEST) and printco (SMALL): a geometric series whose first term is half the
 * largest and whose sum is the rest, so a few mandants are large and most are small.
 */
function geometricSizes(count: number, sum: number, first: number): number[] {
  let low = 0;
  let high = 1;
  for (let i = 0; i < 60; i++) {
    const ratio = (low + high) / 2;
    const total = (first * (1 - ratio ** count)) / (1 - ratio);
    if (total < sum) low = ratio;
    else high = ratio;
  }
  const sizes = Array.from({ length: count }, (_, k) => Math.max(1, Math.floor(first * low ** k)));
  sizes[0]! += sum - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

interface Plan {
  mandantId: number;
  size: number;
  createdBy: number | null;
}

/** Muster, printco and MANDANTS − 2 bench mandants, each with its size and a user to write as. */
async function planMandants(client: pg.Client): Promise<Plan[]> {
  const user = async (email: string) =>
    (
      await client.query<{ id: number; mandant_id: number }>('select id, mandant_id from users where email = $1', [
        email,
      ])
    ).rows[0]!;
  const muster = await user('editor@muster.example');
  const printco = await user('editor@printco.example');
  const rest = geometricSizes(MANDANTS - 2, TOTAL - LARGEST - SMALL, LARGEST / 2);
  const now = new Date().toISOString();
  const plans: Plan[] = [
    { mandantId: muster.mandant_id, size: LARGEST, createdBy: muster.id },
    { mandantId: printco.mandant_id, size: SMALL, createdBy: printco.id },
  ];
  for (const [k, size] of rest.entries()) {
    const { rows } = await client.query<{ id: number }>(
      `insert into mandants (name, slug, active, settings, created_at, updated_at)
       values ($1, $2, true, '{}', $3, $3) returning id`,
      [`Scale ${k + 1}`, `scale-${k + 1}`, now],
    );
    plans.push({ mandantId: rows[0]!.id, size, createdBy: null });
  }
  return plans;
}

/** The secondary indexes of the bulk tables (not those behind a constraint), dropped for the load. */
async function dropSecondaryIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes i
     where schemaname = 'public' and tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`,
    [TABLES],
  );
  for (const row of rows) await client.query(`drop index ${row.indexname}`);
  return rows.map((row) => row.indexdef);
}

/** Per generated row n: its plan (mandant), local index i, prototype and tag set, created_at text and total. */
const GENERATED = `
  with g as (
    select n, p.mandant_id, p.created_by, n - p.first_n as i, p.size
    from scale_plan p cross join lateral generate_series(greatest(p.first_n, $1::bigint), least(p.last_n, $2::bigint)) as n
    where p.first_n <= $2 and p.last_n >= $1
  )
  select g.*, $3::bigint + g.n as id, pr.template_id, pr.template_type, pr.inputs, pr.results, pr.template_version,
    pr.database_id, pr.machine_set_id, pr.label,
    to_char(to_timestamp(${NOW_S - SPAN_S} + (g.i * ${SPAN_S}::bigint) / g.size) at time zone 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
    pr.total_co2e * (0.5 + ((g.i * 7919) % 1000) / 500.0) as total_co2e, ts.tags, ts.tag_list
  from g join scale_prototype pr on pr.p = g.i % (select count(*) from scale_prototype)
    join scale_tagset ts on ts.k = g.i % 10`;

async function generateRows(client: pg.Client, plans: Plan[], idBase: number, print: (line: string) => void) {
  let first = 1;
  for (const plan of plans) {
    await client.query('insert into scale_plan values ($1, $2, $3, $4, $5)', [
      plan.mandantId,
      plan.createdBy,
      first,
      first + plan.size - 1,
      plan.size,
    ]);
    first += plan.size;
  }
  const customers = `case when i % 3 = 0 then null else (array[${CUSTOMERS.map((c) => `'${c}'`).join(',')}])[i % ${CUSTOMERS.length} + 1] || ' ' || (i % 97) end`;
  const sequence = `(i + 1000)::text`;
  for (let from = 1; from <= TOTAL; from += BATCH) {
    const started = performance.now();
    const range = [from, Math.min(TOTAL, from + BATCH - 1), idBase];
    // One statement per batch: the rows are generated once and written to all three tables.
    await client.query(
      `with r as materialized (${GENERATED}),
       calculation as (
         insert into calculations (id, mandant_id, number, template_id, template_type, title, customer, tags, status,
           inputs, created_by, created_at, duplicated_from, import_id, frozen)
         select id, mandant_id, 'K-${YEAR}-' || lpad(${sequence}, greatest(6, length(${sequence})), '0'), template_id,
           template_type, label || ' ' || i, ${customers}, tags, case when i % 4 = 0 then 'final' else 'draft' end,
           inputs, created_by, created_at, null, null, false
         from r),
       state as (
         insert into calculation_state (calculation_id, mandant_id, created_at, template_id, template_type,
           template_version, database_id, machine_set_id, results, total_co2e, updated_by, updated_at, version)
         select id, mandant_id, created_at, template_id, template_type, template_version, database_id, machine_set_id,
           results, total_co2e, created_by, created_at, 1
         from r)
       insert into calculation_tags (calculation_id, mandant_id, tag, created_at, total_co2e)
       select id, mandant_id, tag, created_at, total_co2e from r cross join unnest(r.tag_list) as tag`,
      range,
    );
    print(`  rows ${range[0]!.toLocaleString('en')}…${range[1]!.toLocaleString('en')}: ${seconds(started)}; ${load()}`);
  }
}

/** Prototype rows: one real calculation per template, written by the app's own code path. */
async function writePrototypes(url: string): Promise<void> {
  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), DEMO_PASSWORD: 'kontor-demo' }),
  });
  try {
    const { db } = app.kontor;
    const editor = await db
      .selectFrom('users')
      .select(['id', 'mandant_id'])
      .where('email', '=', 'editor@muster.example')
      .executeTakeFirstOrThrow();
    const mandantId = editor.mandant_id!;
    const factors = await loadFactorSet(
      db,
      (await findDatabaseFor(db, mandantId, (await defaultDatabaseId(db, mandantId))!))!,
    );
    const all = await variants(app, factors);
    await insertCalculations(app, mandantId, editor.id, all, all.length);
  } finally {
    await app.close();
  }
}

/** Builds the data set, printing the time and the loading backend's CPU of each phase. */
async function build(url: string, print: (line: string) => void): Promise<void> {
  const started = performance.now();
  await writePrototypes(url);
  print(`  schema, demo data and prototypes: ${seconds(started)}`);
  await withClient(url, async (client) => {
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query('set synchronous_commit = off');
    await client.query(`create temp table scale_prototype as
      select (row_number() over (order by c.id) - 1)::int as p, c.template_id, c.template_type, c.inputs, s.results,
        s.total_co2e, s.template_version, s.database_id, s.machine_set_id, regexp_replace(c.title, ' [0-9]+$', '') as label
      from calculations c join calculation_state s on s.calculation_id = c.id`);
    await client.query('create temp table scale_tagset (k int primary key, tags jsonb, tag_list text[])');
    for (let k = 0; k < 10; k++) {
      const tags = TAGS.filter((_, t) => (k * 7 + t * 13) % 10 < 2).slice(0, 3);
      await client.query('insert into scale_tagset values ($1, $2, $3)', [k, JSON.stringify(tags), tags]);
    }
    await client.query(
      'create temp table scale_plan (mandant_id int, created_by int, first_n bigint, last_n bigint, size bigint)',
    );
    const plans = await planMandants(client);
    const indexes = await dropSecondaryIndexes(client);
    const { rows } = await client.query<{ max: number }>('select coalesce(max(id), 0)::int as max from calculations');
    // The backend's CPU seconds: on a shared machine its wall time says more about the others than about the load.
    const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    let cpu = cpuSeconds(backend);
    const cpuSince = () => {
      const before = cpu;
      cpu = cpuSeconds(backend);
      return `backend CPU ${(cpu - before).toFixed(1)} s`;
    };
    await client.query('set session_replication_role = replica');
    const loading = performance.now();
    await generateRows(client, plans, rows[0]!.max, print);
    await client.query('set session_replication_role = default');
    print(
      `  generated ${TOTAL.toLocaleString('en')} calculations with state and tags: ${seconds(loading)}, ${cpuSince()}`,
    );
    const indexing = performance.now();
    for (const definition of indexes) await client.query(definition);
    print(
      `  ${indexes.length} secondary indexes rebuilt: ${seconds(indexing)}, ${cpuSince()} (+ parallel workers); ${load()}`,
    );
    const vacuuming = performance.now();
    await writeDerived(client);
    for (const table of TABLES) await client.query(`vacuum analyze ${table}`);
    print(`  counts + vacuum analyze: ${seconds(vacuuming)}, ${cpuSince()}`);
  });
  print(`  built in ${seconds(started)} (target < 15 min); ${load()}`);
}

/** What the insert triggers would have written: the list counts, the counters and the id sequence. */
async function writeDerived(client: pg.Client): Promise<void> {
  const key = 'mandant_id, template_type, template_id, status';
  await client.query('delete from calculation_list_counts');
  await client.query(
    `insert into calculation_list_counts (${key}, calculations) select ${key}, count(*) from calculations group by ${key}`,
  );
  await client.query(
    `insert into calculation_counters (mandant_id, year, last) select mandant_id, ${YEAR}, size + 1000 from scale_plan
     on conflict (mandant_id, year) do update set last = excluded.last`,
  );
  await client.query(`select setval(pg_get_serial_sequence('calculations', 'id'), (select max(id) from calculations))`);
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'kontor-demo' }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function median(url: string, token: string, label: string, print: (line: string) => void): Promise<void> {
  const samples: number[] = [];
  let detail = '';
  for (let i = 0; i < REQUESTS + 2; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${body.slice(0, 200)}`);
    detail = res.headers.get('content-range') ?? `${(JSON.parse(body) as { rows?: unknown[] }).rows?.length} rows`;
    if (i >= 2) samples.push(performance.now() - started);
  }
  print(formatSummary(`${label} → ${detail}`, summarize(samples)));
}

async function measureReads(base: string, print: (line: string) => void): Promise<void> {
  for (const [who, email, size] of [
    ['largest', 'viewer@muster.example', LARGEST],
    ['small', 'viewer@printco.example', SMALL],
  ] as const) {
    const token = await signIn(base, email);
    const tag = `[${who} ${size.toLocaleString('en')}]`;
    for (const [label, params] of LIST_QUERIES)
      await median(
        `${base}/api/calculations?${new URLSearchParams(params).toString()}`,
        token,
        `${tag} ${label}`,
        print,
      );
    for (const name of STATISTIC_NAMES)
      await median(`${base}/api/statistics/${name}?from=${RANGE.from}&to=${RANGE.to}`, token, `${tag} ${name}`, print);
    print(`  ${load()}`);
  }
}

async function measureImport(base: string, print: (line: string) => void): Promise<void> {
  const token = await signIn(base, 'editor@muster.example');
  const started = performance.now();
  const res = await fetch(`${base}/api/imports?template=brochure&mode=all_or_nothing&file_name=scale.csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: Readable.toWeb(csvStream(IMPORT_ROWS)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const report = (await res.json()) as { rows_ok: number; rows_failed: number };
  const s = (performance.now() - started) / 1000;
  print(
    `  import of ${IMPORT_ROWS.toLocaleString('en')} brochure rows into the largest: ${s.toFixed(1)} s = ` +
      `${Math.round(IMPORT_ROWS / s).toLocaleString('en')} rows/s (ok ${report.rows_ok}, failed ${report.rows_failed}); ${load()}`,
  );
}

/** A factor-database migration preview (2025 → 2024) of every calculation of the mandant. */
async function measurePreview(base: string, print: (line: string) => void, url: string): Promise<void> {
  const target = await withClient(url, async (client) => {
    const { rows } = await client.query<{ id: number }>(`select id from factor_databases where version_label = '2024'`);
    return rows[0]!.id;
  });
  for (const [who, email] of [
    ['small', 'admin@printco.example'],
    ['largest', 'admin@muster.example'],
  ] as const) {
    const token = await signIn(base, email);
    const started = performance.now();
    const res = await fetch(`${base}/api/migrations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to_database_id: target }),
    });
    const body = (await res.json()) as { summary?: { count: number } };
    print(
      `  migration preview, ${who} mandant: ${seconds(started)} (HTTP ${res.status}, ${body.summary?.count ?? '?'} calculations); ${load()}`,
    );
  }
}

async function measure(url: string, print: (line: string) => void): Promise<void> {
  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), DEMO_PASSWORD: 'kontor-demo' }),
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await measureReads(base, print);
    if (IMPORT_ROWS > 0) await measureImport(base, print);
    if (process.env.SCALE_MIGRATION !== '0') await measurePreview(base, print, url);
  } finally {
    await app.close();
  }
}

export const scaleBenchmark: Benchmark = {
  name: `Scale: ${TOTAL.toLocaleString('en')} calculations in ${MANDANTS} mandants on PostgreSQL (largest ${LARGEST.toLocaleString('en')})`,
  async run(print) {
    if (!(await postgresReachable())) {
      print('  skipped: PostgreSQL not reachable (TEST_DATABASE_URL)');
      return;
    }
    const url = databaseUrl();
    const reuse = process.env.SCALE_REUSE === '1';
    if (!reuse) await withClient(BENCH_DATABASE_URL, (client) => client.query(`create database ${DATABASE}`));
    try {
      if (!reuse) await build(url, print);
      const size = await withClient(url, async (client) => {
        const { rows } = await client.query<{ size: string }>(
          'select pg_size_pretty(pg_database_size(current_database())) as size',
        );
        return rows[0]!.size;
      });
      print(`  database ${DATABASE}: ${size}`);
      await measure(url, print);
    } finally {
      if (process.env.SCALE_KEEP !== '1')
        await withClient(BENCH_DATABASE_URL, (client) =>
          client.query(`drop database if exists ${DATABASE} with (force)`),
        );
    }
  },
};
