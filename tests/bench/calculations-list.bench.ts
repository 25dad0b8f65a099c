/**
 * Issue 3's figures: `GET /api/calculations` with sort and filter at 100,000 calculations in one
 * mandant (inserted directly in batches, each row with real inputs and results incl. breakdown),
 * over real HTTP on SQLite and (if reachable) PostgreSQL; and formula evaluation per calculation
 * with `computeResults` on the brochure template (µs), plus validation + computation together.
 * Issue 22's page weight: the bytes of a 25-row page of brochures, raw and as sent compressed.
 */
import { STATE_COLUMNS, stateRowOf } from '../../src/server/calculations/state';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { computeResults } from '../../src/core/formula';
import { pruneInputs, defaultInputs, type CalculationInputs, type Template } from '../../src/core/template';
import { buildApp } from '../../src/server/app';
import { computeColumns, type ComputedColumns } from '../../src/server/calculations/prepare';
import { evaluateCalculation } from '../../src/server/calculations/evaluate';
import { formatCalculationNumber } from '../../src/server/calculations/number';
import { loadConfig } from '../../src/server/config';
import { defaultDatabaseId, findDatabaseFor, loadFactorSet, type FactorSet } from '../../src/server/factors/factor-set';
import { freshDatabase, postgresReachable } from './databases';
import type { Benchmark } from './run';
import { formatSummary, summarize } from './stats';

const CALCULATIONS = Number(process.env.BENCH_CALCULATIONS ?? 100_000);
const REQUESTS = 40;
const BATCH = 500;
const EVALUATIONS = 20_000;
const TAGS = ['messe', 'katalog', 'stammkunde', 'event', 'eilig', 'bericht', 'nachhaltig', 'angebot', 'export', 'test'];
const CUSTOMERS = [
  'Verlag Nord',
  'Stadtwerke Musterstadt',
  'Bäckerei Korn',
  'Kanzlei Berger',
  'Museum Süd',
  'Sportverein Blau-Weiß',
];
const YEAR = new Date().getUTCFullYear();
/**
 * Issue 22: a 25-row list page on the wire. Before list rows left the breakdown to getOne, this page weighed 162.7 KB
 * raw, 4.5 KB gzip, 2.8 KB brotli (identical rows compress far better than real ones).
 */
const PAGE_TARGET_KB = 20;
const PAGE_ROWS = 25;

/** Brochure inputs of the worked example (A4, 16 pages, 5,000 copies, 115 g/m², 10 % spoilage). */
export const BROCHURE_EXAMPLE: CalculationInputs = {
  title: 'Frühjahrskatalog',
  quantity: 5000,
  format: 'A4',
  pages: 16,
  paper: 'paper_virgin',
  grammage: 115,
  spoilage_pct: 10,
  colours_front: 4,
  colours_back: 4,
  ups: 8,
  cartons: true,
  transport: [{ mode: 'road_freight_truck', distance_km: 120 }],
};

interface Variant {
  template: Template;
  columns: ComputedColumns;
}

export async function variants(app: FastifyInstance, factors: FactorSet): Promise<Variant[]> {
  return app.templates.list().map((template) => {
    const inputs = pruneInputs(template, { ...defaultInputs(template), title: `${template.id} bench`, tags: [] });
    return { template, columns: computeColumns(template, inputs, factors, 'de') };
  });
}

export async function insertCalculations(
  app: FastifyInstance,
  mandantId: number,
  userId: number,
  all: Variant[],
  count = CALCULATIONS,
): Promise<number> {
  const { db } = app.kontor;
  const started = performance.now();
  const base = Date.parse(`${YEAR}-01-01T00:00:00Z`);
  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < count; offset += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - offset) }, (_, j) => {
        const i = offset + j;
        const variant = all[i % all.length]!;
        const { computed: _computed, ...columns } = variant.columns;
        const tags = TAGS.filter((_, t) => (i * 7 + t * 13) % 10 < 2).slice(0, 3);
        const at = new Date(base + i * 60_000).toISOString();
        return {
          ...columns,
          mandant_id: mandantId,
          number: formatCalculationNumber(YEAR, i + 100),
          title: `${variant.template.label.de} ${i}`,
          customer: i % 3 === 0 ? null : `${CUSTOMERS[i % CUSTOMERS.length]} ${i % 97}`,
          tags: JSON.stringify(tags),
          status: i % 4 === 0 ? ('final' as const) : ('draft' as const),
          // Spread totals so sorting by them is meaningful (results JSON stays the variant's).
          total_co2e: variant.columns.total_co2e * (0.5 + ((i * 7919) % 1000) / 500),
          created_by: userId,
          updated_by: userId,
          created_at: at,
          updated_at: at,
          version: 1,
          duplicated_from: null,
          import_id: null,
          frozen: false,
        };
      });
      // A calculation's two rows (migration 0032): the calculation, then its state.
      const inserted = await trx
        .insertInto('calculations')
        .values(
          rows.map(
            (row) =>
              Object.fromEntries(
                Object.entries(row).filter(([column]) => !(STATE_COLUMNS as readonly string[]).includes(column)),
              ) as never,
          ),
        )
        .returning(['id', 'number', 'tags', 'created_at'])
        .execute();
      const byNumber = new Map(rows.map((row) => [row.number, row]));
      await trx
        .insertInto('calculation_state')
        .values(inserted.map((row) => stateRowOf(row.id, byNumber.get(row.number)!) as never))
        .execute();
      const tagRows = inserted.flatMap((row) =>
        (JSON.parse(typeof row.tags === 'string' ? row.tags : JSON.stringify(row.tags)) as string[]).map((tag) => ({
          calculation_id: row.id,
          mandant_id: mandantId,
          tag,
          created_at: row.created_at,
          total_co2e: Number(byNumber.get(row.number)!.total_co2e),
        })),
      );
      if (tagRows.length > 0) await trx.insertInto('calculation_tags').values(tagRows).execute();
    }
    await trx
      .updateTable('calculation_counters')
      .set({ last: count + 100 })
      .where('mandant_id', '=', mandantId)
      .where('year', '=', YEAR)
      .execute();
  });
  return performance.now() - started;
}

export const LIST_QUERIES: Array<[string, Record<string, string>]> = [
  ['newest first, page 1 (25)', { sort: '["created_at","DESC"]', range: '[0,24]', filter: '{}' }],
  [
    'type product, sort total DESC, page 1',
    { sort: '["total_co2e","DESC"]', range: '[0,24]', filter: '{"template_type":"product"}' },
  ],
  [
    'template brochure, sort total ASC, page 40',
    { sort: '["total_co2e","ASC"]', range: '[975,999]', filter: '{"template_id":"brochure"}' },
  ],
  [
    'status final + template flyer, sort number',
    { sort: '["number","DESC"]', range: '[0,24]', filter: '{"status":"final","template_id":"flyer"}' },
  ],
  ['tag "messe", sort created_at DESC', { sort: '["created_at","DESC"]', range: '[0,24]', filter: '{"tags":"messe"}' }],
  ['q "korn 1", sort title', { sort: '["title","ASC"]', range: '[0,24]', filter: '{"q":"korn 1"}' }],
];

/**
 * CALCULATIONS calculations in the Muster mandant, then fresh statistics and visibility map, as autovacuum would
 * leave them after a bulk load. Answers the milliseconds the insert took.
 */
export async function seedMusterCalculations(app: FastifyInstance, kind: 'sqlite' | 'postgres'): Promise<number> {
  const { db } = app.kontor;
  const mandant = await db.selectFrom('mandants').select('id').where('slug', '=', 'muster').executeTakeFirstOrThrow();
  const editor = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'editor@muster.example')
    .executeTakeFirstOrThrow();
  const databaseId = await defaultDatabaseId(db, mandant.id);
  const factors = await loadFactorSet(db, (await findDatabaseFor(db, mandant.id, databaseId!))!);
  const insertMs = await insertCalculations(app, mandant.id, editor.id, await variants(app, factors));
  if (kind === 'postgres') {
    await sql`vacuum analyze calculations`.execute(db);
    await sql`vacuum analyze calculation_tags`.execute(db);
    await sql`vacuum analyze calculation_state`.execute(db);
  } else await sql`analyze`.execute(db);
  return insertMs;
}

async function benchList(kind: 'sqlite' | 'postgres', print: (line: string) => void): Promise<void> {
  const database = await freshDatabase(kind);
  const app = await buildApp({ config: loadConfig({ ...database.env, DEMO_PASSWORD: 'kontor-demo' }) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const insertMs = await seedMusterCalculations(app, kind);
    print(
      `  [${kind}] inserted ${CALCULATIONS.toLocaleString('en')} calculations in ${(insertMs / 1000).toFixed(1)} s`,
    );
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'viewer@muster.example', password: 'kontor-demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    for (const [label, params] of LIST_QUERIES) {
      const url = `${base}/api/calculations?${new URLSearchParams(params).toString()}`;
      const samples: number[] = [];
      let total = '';
      for (let i = 0; i < REQUESTS + 3; i++) {
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
        total = res.headers.get('content-range') ?? '';
        if (i >= 3) samples.push(performance.now() - started);
      }
      print(formatSummary(`[${kind}] ${label} → ${total}`, summarize(samples)));
    }
  } finally {
    await app.close();
    await database.dispose();
  }
}

async function benchFormula(print: (line: string) => void): Promise<void> {
  const database = await freshDatabase('sqlite');
  const app = await buildApp({ config: loadConfig({ ...database.env, DEMO_PASSWORD: 'kontor-demo' }) });
  try {
    const { db } = app.kontor;
    const mandant = await db.selectFrom('mandants').select('id').where('slug', '=', 'muster').executeTakeFirstOrThrow();
    const factors = await loadFactorSet(
      db,
      (await findDatabaseFor(db, mandant.id, (await defaultDatabaseId(db, mandant.id))!))!,
    );
    const brochure = app.templates.current('brochure');
    if (!brochure) throw new Error('brochure template not loaded');
    const measure = (label: string, run: (i: number) => void) => {
      for (let i = 0; i < 500; i++) run(i); // warm-up (JIT, compiled template and validator caches)
      const samples: number[] = [];
      for (let round = 0; round < 10; round++) {
        const started = performance.now();
        for (let i = 0; i < EVALUATIONS / 10; i++) run(i);
        samples.push(((performance.now() - started) * 1000) / (EVALUATIONS / 10));
      }
      print(formatSummary(label, summarize(samples), 'µs'));
    };
    const inputs = (i: number): CalculationInputs => ({ ...BROCHURE_EXAMPLE, quantity: 1000 + (i % 5000) });
    measure(
      'computeResults(brochure), µs per calculation',
      (i) => void computeResults(brochure, inputs(i), factors.lookup),
    );
    measure(
      'validate (Ajv + core) + compute (brochure), µs per calculation',
      (i) => void evaluateCalculation(brochure, inputs(i), factors),
    );
  } finally {
    await app.close();
    await database.dispose();
  }
}

/** The bytes of one response of the page, as the client receives it with that Accept-Encoding. */
async function pageBytes(app: FastifyInstance, url: string, token: string, encoding: string): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
  });
  if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode}`);
  return res.rawPayload.length;
}

/**
 * A 25-row page of brochures (the worked example, created over the API as a person would) in bytes: raw, gzip and
 * brotli as the server sends them; the gzip size of the raw body for comparison with compressors elsewhere.
 */
export async function listPageWeight(print: (line: string) => void): Promise<void> {
  const database = await freshDatabase('sqlite');
  const app = await buildApp({ config: loadConfig({ ...database.env, DEMO_PASSWORD: 'kontor-demo' }) });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'editor@muster.example', password: 'kontor-demo' },
    });
    const { token } = login.json<{ token: string }>();
    for (let i = 0; i < PAGE_ROWS; i++) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/calculations',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          template_id: 'brochure',
          customer: CUSTOMERS[i % CUSTOMERS.length],
          inputs: { ...BROCHURE_EXAMPLE, title: `Katalog ${i}`, tags: TAGS.slice(i % 5, (i % 5) + 2) },
        },
      });
      if (created.statusCode !== 201) throw new Error(`create: HTTP ${created.statusCode} ${created.body}`);
    }
    const query = new URLSearchParams({
      sort: '["created_at","DESC"]',
      range: `[0,${PAGE_ROWS - 1}]`,
      filter: '{"template_id":"brochure"}',
    });
    const url = `/api/calculations?${query.toString()}`;
    const raw = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const first = raw.json<Array<{ id: number }>>()[0]!;
    const record = await app.inject({
      method: 'GET',
      url: `/api/calculations/${first.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const [gzip, brotli] = [await pageBytes(app, url, token, 'gzip'), await pageBytes(app, url, token, 'br')];
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    print(
      `  ${PAGE_ROWS}-row list page of brochures: ${kb(raw.rawPayload.length)} raw, on the wire ${kb(gzip)} gzip / ${kb(brotli)} brotli ` +
        `(target ≤ ${PAGE_TARGET_KB} KB; a row ${kb(JSON.stringify(first).length)}, the record from GET /:id ${kb(record.rawPayload.length)}; ` +
        `gzip -9 of the raw page ${kb(gzipSync(raw.rawPayload, { level: 9 }).length)})`,
    );
  } finally {
    await app.close();
    await database.dispose();
  }
}

export const calculationsListBenchmark: Benchmark = {
  name: `Calculations: formula evaluation, GET /api/calculations at ${CALCULATIONS.toLocaleString('en')} calculations`,
  async run(print) {
    await listPageWeight(print);
    await benchFormula(print);
    print('  (every row carries real inputs and results with breakdown, as the API stores them)');
    await benchList('sqlite', print);
    if (await postgresReachable()) await benchList('postgres', print);
    else print('  [postgres] skipped: PostgreSQL not reachable (TEST_DATABASE_URL)');
  },
};
