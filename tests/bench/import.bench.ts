/**
 * Issue 5's figures: 100,000 brochure rows (BENCH_IMPORT_ROWS) as one CSV streamed through
 * `POST /api/imports` of a Kontor server running as its own process — rows per second end to end
 * and the server's peak memory (VmHWM) — then the raw insert rate of the same rows into the same
 * database (computed once, multi-row inserts in one transaction), and their ratio.
 * SQLite always, PostgreSQL if reachable. BENCH_IMPORT_ROWS=1000000 for the memory-flatness run.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { loadConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { writeImportedBatch, type ImportedRow } from '../../src/server/imports/write';
import { computeColumns } from '../../src/server/calculations/prepare';
import { createTemplateRegistry, readTemplateFiles } from '../../src/server/templates/registry';
import { loadTemplates } from '../../src/core/template';
import { defaultDatabaseId, findDatabaseFor, loadFactorSet } from '../../src/server/factors/factor-set';
import { pruneInputs, defaultInputs } from '../../src/core/template';
import { freshDatabase, postgresReachable } from './databases';
import { buildServerBundle, cpuSeconds, memoryMb, startServerProcess } from './server-process';
import type { Benchmark } from './run';

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
function csvStream(rows: number): Readable {
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

async function run(kind: 'sqlite' | 'postgres', print: (line: string) => void): Promise<void> {
  const database = await freshDatabase(kind);
  try {
    const { child, baseUrl } = await startServerProcess({ ...database.env, IMPORT_MAX_BYTES: '2000mb' });
    let seconds = 0;
    let report: { rows_ok: number; rows_failed: number } | undefined;
    let peak = 0;
    try {
      const login = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'editor@muster.example', password: 'kontor-demo' }),
      });
      const { token } = (await login.json()) as { token: string };
      const baseline = memoryMb(child.pid!, 'VmHWM');
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
      report = (await response.json()) as { rows_ok: number; rows_failed: number };
      seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = memoryMb(child.pid!, 'VmHWM');
      const quarter = (q: number) =>
        samples[Math.min(samples.length - 1, Math.floor((samples.length * q) / 4))]?.toFixed(0) ?? '–';
      const cpu = cpuSeconds(child.pid!) - cpuBefore;
      print(
        `  [${kind}] HTTP import (${MODE}) of ${ROWS.toLocaleString('en')} rows: ${seconds.toFixed(2)} s, ${Math.round(ROWS / seconds).toLocaleString('en')} rows/s (ok ${report.rows_ok}, failed ${report.rows_failed}, status ${response.status})`,
      );
      print(
        `  [${kind}] server CPU ${cpu.toFixed(2)} s = ${Math.round((cpu / ROWS) * 1e6)} µs per row (load average ${os.loadavg()[0]!.toFixed(1)})`,
      );
      print(
        `  [${kind}] server RSS at 1/4, 1/2, 3/4 and the end of the import: ${[1, 2, 3, 4].map(quarter).join(', ')} MB`,
      );
      print(`  [${kind}] server peak RSS ${peak.toFixed(0)} MB (before the import ${baseline.toFixed(0)} MB)`);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }

    // The same rows, computed beforehand, inserted directly into the same database.
    const config = loadConfig({ ...database.env, SEED_DEMO: 'false' });
    const { db, destroy } = createDatabase(config);
    try {
      const { files } = readTemplateFiles(config.templatesDir);
      const registry = createTemplateRegistry(loadTemplates(files).templates);
      const template = registry.current('brochure')!;
      const mandant = await db
        .selectFrom('mandants')
        .select('id')
        .where('slug', '=', 'muster')
        .executeTakeFirstOrThrow();
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'editor@muster.example')
        .executeTakeFirstOrThrow();
      const dbId = await defaultDatabaseId(db, mandant.id);
      const factors = await loadFactorSet(db, (await findDatabaseFor(db, mandant.id, dbId!))!);
      const computeStarted = performance.now();
      const prepared: ImportedRow[] = [];
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
        prepared.push({ columns, tags: computed.inputs.tags as string[] });
      }
      const computeSeconds = (performance.now() - computeStarted) / 1000;
      const insertStarted = performance.now();
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < prepared.length; i += 500)
          await writeImportedBatch(
            trx,
            { mandantId: mandant.id, userId: user.id, importId: 0 },
            prepared.slice(i, i + 500),
          );
      });
      const insertSeconds = (performance.now() - insertStarted) / 1000;
      const rawRate = prepared.length / insertSeconds;
      const httpRate = ROWS / seconds;
      print(
        `  [${kind}] validation + computation alone: ${Math.round(prepared.length / computeSeconds).toLocaleString('en')} rows/s`,
      );
      print(
        `  [${kind}] raw insert of ${prepared.length.toLocaleString('en')} computed rows: ${insertSeconds.toFixed(2)} s, ${Math.round(rawRate).toLocaleString('en')} rows/s`,
      );
      print(`  [${kind}] HTTP import / raw insert = ${(httpRate / rawRate).toFixed(2)}`);
    } finally {
      await destroy();
    }
  } finally {
    await database.dispose();
  }
}

export const importBenchmark: Benchmark = {
  name: `CSV import (${ROWS.toLocaleString('en')} brochure rows over HTTP vs raw insert)`,
  async run(print) {
    buildServerBundle();
    // BENCH_DATABASES=postgres measures one database only.
    const kinds = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
    if (kinds.includes('sqlite')) await run('sqlite', print);
    if (!kinds.includes('postgres')) return;
    if (await postgresReachable()) await run('postgres', print);
    else print('  PostgreSQL not reachable: skipped');
  },
};
