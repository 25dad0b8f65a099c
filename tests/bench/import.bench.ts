/**
 * Issue 5's and #22's figures: 100,000 brochure rows (BENCH_IMPORT_ROWS) as one CSV streamed through
 * `POST /api/imports` of a Kontor server running as its own process — seconds end to end, the
 * server's CPU per row, the PostgreSQL backends' CPU, the server's memory — each beside its floor
 * measured in the same run (floors.ts: the same rows computed beforehand and loaded raw into the
 * same schema, and into bare tables). Each figure BENCH_REPEATS (≥ 3) times on fresh databases,
 * interleaved with the floors; the median is reported with the load averages.
 * SQLite always, PostgreSQL if reachable. BENCH_IMPORT_ROWS=1000000 for the memory-flatness run.
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { loadConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import type { BatchOwner, ImportedRow } from '../../src/server/calculations/bulk-write';
import { computeColumns } from '../../src/server/calculations/prepare';
import { createTemplateRegistry, readTemplateFiles } from '../../src/server/templates/registry';
import { loadTemplates } from '../../src/core/template';
import { defaultDatabaseId, findDatabaseFor, loadFactorSet } from '../../src/server/factors/factor-set';
import { pruneInputs, defaultInputs } from '../../src/core/template';
import { forEachBenchDatabase, freshDatabase } from './databases';
import { buildServerBundle, cpuSeconds, memoryMb, startServerProcess } from './server-process';
import type { Benchmark } from './run';
import {
  backendCpu,
  backendCpuBetween,
  loadAverage,
  postgresFloor,
  sqliteFile,
  sqliteFloor,
  type FloorSeconds,
} from './floors';
import { summarize } from './stats';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** all_or_nothing (one transaction) or valid_rows (one per batch). */
const MODE = process.env.BENCH_IMPORT_MODE === 'valid_rows' ? 'valid_rows' : 'all_or_nothing';
const HEADER = 'Titel;Auflage;Format;Seiten;Papier;Grammatur;Makulatur;Schlagwörter\r\n';
const FORMATS = ['A4', 'A5', 'A6'];
const PAPERS = ['paper_virgin', 'paper_recycled'];

function row(i: number): string {
  // German number formats: thousands with a dot, decimals with a comma.
  const spoilage = String((i % 200) / 10).replace('.', ',');
  return `Broschüre ${i};${(1000 + (i % 9000)).toLocaleString('de-DE')};${FORMATS[i % 3]};${4 * (1 + (i % 32))};${PAPERS[i % 2]};${90 + (i % 60)};${spoilage};bench, los-${i % 50}\r\n`;
}

/** The CSV as a stream of ~1 MB chunks: the benchmark never holds the file either. */
export function csvStream(rows: number): Readable {
  return Readable.from(
    (function* () {
      yield HEADER;
      let chunk = '';
      for (let i = 0; i < rows; i++) {
        chunk += row(i);
        if (chunk.length > 1_000_000) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    })(),
  );
}

/** Repetitions of each figure (BENCH_REPEATS, at least 3): each on a fresh database; the median is reported. */
const REPEATS = Math.max(3, Number(process.env.BENCH_REPEATS ?? 3));

interface ImportRun {
  seconds: number;
  /** Kontor server CPU seconds (on SQLite the database's work is in them). */
  cpu: number;
  /** PostgreSQL backends' CPU seconds (null on SQLite: in-process). */
  databaseCpu: number | null;
  load: string;
}

async function httpImport(kind: 'sqlite' | 'postgres', print: (line: string) => void): Promise<ImportRun> {
  const database = await freshDatabase(kind);
  try {
    const { child, baseUrl } = await startServerProcess({ ...database.env, IMPORT_MAX_BYTES: '2000mb' });
    try {
      const login = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'editor@muster.example', password: 'kontor-demo' }),
      });
      const { token } = (await login.json()) as { token: string };
      const baseline = memoryMb(child.pid!, 'VmHWM');
      const url = database.env.DATABASE_URL;
      const backendsBefore = url ? await backendCpu(url) : null;
      const cpuBefore = cpuSeconds(child.pid!);
      const started = performance.now();
      // Resident memory every second: flat memory means the file is streamed, not held.
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(memoryMb(child.pid!, 'VmRSS')), 1000);
      const response = await fetch(`${baseUrl}/api/imports?template=brochure&mode=${MODE}&file_name=bench.csv`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
        body: Readable.toWeb(csvStream(ROWS)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const report = (await response.json()) as { rows_ok: number; rows_failed: number };
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const cpu = cpuSeconds(child.pid!) - cpuBefore;
      const databaseCpu = url && backendsBefore ? backendCpuBetween(backendsBefore, await backendCpu(url)) : null;
      const peak = memoryMb(child.pid!, 'VmHWM');
      const quarter = (q: number) =>
        samples[Math.min(samples.length - 1, Math.floor((samples.length * q) / 4))]?.toFixed(0) ?? '–';
      const load = loadAverage();
      print(
        `  [${kind}] HTTP import (${MODE}) of ${ROWS.toLocaleString('en')} rows: ${seconds.toFixed(2)} s (ok ${report.rows_ok}, failed ${report.rows_failed}, status ${response.status}); ` +
          `Kontor CPU ${cpu.toFixed(2)} s = ${Math.round((cpu / ROWS) * 1e6)} µs/row, database CPU ${databaseCpu === null ? 'in-process' : `${databaseCpu.toFixed(2)} s`}; ` +
          `RSS ¼…end ${[1, 2, 3, 4].map(quarter).join('/')} MB, peak ${peak.toFixed(0)} MB (before ${baseline.toFixed(0)}); ${load}`,
      );
      return { seconds, cpu, databaseCpu, load };
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  } finally {
    await database.dispose();
  }
}

/** The import's rows computed beforehand (validation and computation timed alone), for the floor loads. */
async function computedRows(
  env: Record<string, string>,
  print: (line: string) => void,
  kind: string,
): Promise<{ owner: BatchOwner; rows: ImportedRow[] }> {
  const config = loadConfig({ ...env, SEED_DEMO: 'false' });
  const { db, destroy } = createDatabase(config);
  try {
    const { files } = readTemplateFiles(config.templatesDir);
    const registry = createTemplateRegistry(loadTemplates(files).templates);
    const template = registry.current('brochure')!;
    const mandant = await db.selectFrom('mandants').select('id').where('slug', '=', 'muster').executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'editor@muster.example')
      .executeTakeFirstOrThrow();
    const dbId = await defaultDatabaseId(db, mandant.id);
    const factors = await loadFactorSet(db, (await findDatabaseFor(db, mandant.id, dbId!))!);
    const started = performance.now();
    const rows: ImportedRow[] = [];
    for (let i = 0; i < Math.min(ROWS, 100_000); i++) {
      const inputs = pruneInputs(template, {
        ...defaultInputs(template),
        title: `Broschüre ${i}`,
        quantity: 1000 + (i % 9000),
        format: FORMATS[i % 3],
        pages: 4 * (1 + (i % 32)),
        paper: PAPERS[i % 2],
        grammage: 90 + (i % 60),
        spoilage_pct: (i % 200) / 10,
        tags: ['bench', `los-${i % 50}`],
      });
      const { computed, ...columns } = computeColumns(template, inputs, factors, 'de');
      rows.push({ columns, tags: computed.inputs.tags as string[] });
    }
    const seconds = (performance.now() - started) / 1000;
    print(
      `  [${kind}] validation + computation alone (in this process): ${Math.round((seconds / rows.length) * 1e6)} µs/row`,
    );
    return { owner: { mandantId: mandant.id, userId: user.id, importId: 0 }, rows };
  } finally {
    await destroy();
  }
}

/** The floors on a fresh database (migrated and seeded by a server start, as the import's). */
async function floorRun(
  kind: 'sqlite' | 'postgres',
  print: (line: string) => void,
  prepared: { owner: BatchOwner; rows: ImportedRow[] } | null,
): Promise<{ floor: FloorSeconds; prepared: { owner: BatchOwner; rows: ImportedRow[] } }> {
  const database = await freshDatabase(kind);
  try {
    const server = await startServerProcess(database.env);
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    const rows = prepared ?? (await computedRows(database.env, print, kind));
    const floor =
      kind === 'postgres'
        ? await postgresFloor(database.env.DATABASE_URL!, rows.owner, rows.rows)
        : sqliteFloor(sqliteFile(database.env), rows.owner, rows.rows);
    print(
      `  [${kind}] floor: ${rows.rows.length.toLocaleString('en')} computed rows loaded raw (${kind === 'postgres' ? 'COPY' : 'prepared INSERT'}) into the same schema ${floor.sameSchema.toFixed(2)} s, into bare tables ${floor.bare.toFixed(2)} s; ${loadAverage()}`,
    );
    return { floor, prepared: rows };
  } finally {
    await database.dispose();
  }
}

async function run(kind: 'sqlite' | 'postgres', print: (line: string) => void): Promise<void> {
  const imports: ImportRun[] = [];
  const floors: FloorSeconds[] = [];
  let prepared: { owner: BatchOwner; rows: ImportedRow[] } | null = null;
  // Interleaved, so that a change of the machine's load hits both alike.
  for (let i = 0; i < REPEATS; i++) {
    imports.push(await httpImport(kind, print));
    const result = await floorRun(kind, print, prepared);
    prepared = result.prepared;
    floors.push(result.floor);
  }
  const median = (values: number[]) => summarize(values).median;
  const seconds = median(imports.map((r) => r.seconds));
  const cpu = median(imports.map((r) => r.cpu));
  const databaseCpu = kind === 'postgres' ? median(imports.map((r) => r.databaseCpu ?? 0)) : null;
  // The floors load min(ROWS, 100,000) rows: compare rates.
  const floorRows = prepared!.rows.length;
  const sameSchema = median(floors.map((f) => f.sameSchema));
  const bare = median(floors.map((f) => f.bare));
  const rate = ROWS / seconds;
  print(
    `  [${kind}] MEDIAN of ${REPEATS}: HTTP import ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} rows/s | ` +
      `floor same schema ${sameSchema.toFixed(2)} s = ${Math.round(floorRows / sameSchema).toLocaleString('en')} rows/s (import at ${(rate / (floorRows / sameSchema)).toFixed(2)} × its rate) | ` +
      `bare tables ${bare.toFixed(2)} s (${(rate / (floorRows / bare)).toFixed(2)} ×) | ` +
      `Kontor CPU ${Math.round((cpu / ROWS) * 1e6)} µs/row, database CPU ${databaseCpu === null ? 'in-process' : `${Math.round((databaseCpu / ROWS) * 1e6)} µs/row`} | loads ${imports.map((r) => r.load.replace('load ', '')).join(', ')}`,
  );
}

export const importBenchmark: Benchmark = {
  name: `CSV import (${ROWS.toLocaleString('en')} brochure rows over HTTP vs raw insert)`,
  async run(print) {
    buildServerBundle();
    await forEachBenchDatabase(print, run);
  },
};
