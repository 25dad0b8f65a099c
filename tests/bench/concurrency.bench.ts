/**
 * Issue 22's throughput figure: 50 connections for 60 s on `GET /api/calculations` (newest first, 25 rows)
 * at 100,000 calculations in one mandant, against a Kontor server running as its own process exactly as
 * `npm start` runs it, on SQLite and (if reachable) PostgreSQL. Requests per second, latency percentiles,
 * errors and non-2xx answers, Kontor's CPU per request (and the PostgreSQL backends').
 *
 * The floor beside it is a peer: a bare Fastify process answering every request with the same bytes
 * (the page Kontor served, its headers included) under the same load generator. It is what this
 * machine's HTTP stack and the load generator allow at all: autocannon runs on the same two cores and
 * takes one of them.
 *
 * BENCH_CONNECTIONS (50), BENCH_SECONDS (60) and BENCH_REPEATS (3, interleaved with the floor) change the run;
 * BENCH_DATABASES=sqlite or =postgres measures one database only. BENCH_PROCESSES=1,2 measures Kontor with one
 * and with two server processes (WEB_CONCURRENCY) in turn; the server CPU is then the primary's and its workers'.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedMusterCalculations } from './calculations-list.bench';
import { forEachBenchDatabase, freshDatabase, type BenchDatabase } from './databases';
import { backendCpu, backendCpuBetween, loadAverage } from './floors';
import type { Benchmark } from './run';
import { buildServerBundle, childPids, startServerProcess, treeCpuSeconds, type ServerProcess } from './server-process';
import { summarize } from './stats';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 3));
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1').split(',').map(Number);
const LIST = '/api/calculations?sort=%5B%22created_at%22%2C%22DESC%22%5D&range=%5B0%2C24%5D&filter=%7B%7D';
const TARGET: Record<BenchDatabase['kind'], number> = { sqlite: 1000, postgres: 500 };

interface Reading {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpuPerRequestMs: number;
  databaseCpuPerRequestMs: number | null;
  load: string;
}

async function hammer(
  url: string,
  headers: Record<string, string>,
  pid: number,
  databaseUrl?: string,
): Promise<Reading> {
  const cpuBefore = treeCpuSeconds(pid);
  const backendsBefore = databaseUrl ? await backendCpu(databaseUrl) : null;
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const cpu = treeCpuSeconds(pid) - cpuBefore;
  const databaseCpu =
    databaseUrl && backendsBefore ? backendCpuBetween(backendsBefore, await backendCpu(databaseUrl)) : null;
  const requests = result.requests.total;
  return {
    requestsPerSecond: requests / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuPerRequestMs: (cpu / Math.max(1, requests)) * 1000,
    databaseCpuPerRequestMs: databaseCpu === null ? null : (databaseCpu / Math.max(1, requests)) * 1000,
    load: loadAverage(),
  };
}

/** 100,000 calculations in the Muster mandant, written by the app in this process, which then lets go of the database. */
async function seed(database: BenchDatabase): Promise<void> {
  const app = await buildApp({ config: loadConfig({ ...database.env, DEMO_PASSWORD: 'kontor-demo' }) });
  try {
    await seedMusterCalculations(app, database.kind);
  } finally {
    await app.close();
  }
}

/** The peer: a bare Fastify process that answers with `body` and `headers`, nothing else. */
async function startPeer(body: string, headers: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-peer-'));
  fs.writeFileSync(path.join(dir, 'body.json'), body);
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
  const script = `
    const fs = require('node:fs');
    const body = fs.readFileSync(${JSON.stringify(path.join(dir, 'body.json'))}, 'utf8');
    const headers = JSON.parse(fs.readFileSync(${JSON.stringify(path.join(dir, 'headers.json'))}, 'utf8'));
    const app = require('fastify')({ logger: false });
    app.get('/api/calculations', async (_request, reply) => reply.headers(headers).send(body));
    app.listen({ port: 0, host: '127.0.0.1' }).then((address) => process.stdout.write(address + '\\n'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, url: `${chunk.toString().trim()}${LIST}` };
}

function line(label: string, readings: Reading[]): string {
  const median = (pick: (r: Reading) => number) => summarize(readings.map(pick)).median;
  const databaseCpu = readings[0]!.databaseCpuPerRequestMs === null ? null : median((r) => r.databaseCpuPerRequestMs!);
  return (
    `  ${label.padEnd(22)} median of ${readings.length}: ${Math.round(median((r) => r.requestsPerSecond)).toLocaleString('en')} req/s ` +
    `(runs ${readings.map((r) => Math.round(r.requestsPerSecond)).join(', ')}), p50 ${median((r) => r.p50)} ms, p99 ${median((r) => r.p99)} ms, ` +
    `errors ${readings.reduce((n, r) => n + r.errors, 0)}, non-2xx ${readings.reduce((n, r) => n + r.non2xx, 0)}, ` +
    `server CPU ${median((r) => r.cpuPerRequestMs).toFixed(2)} ms/request` +
    (databaseCpu === null ? '' : `, PostgreSQL CPU ${databaseCpu.toFixed(2)} ms/request`) +
    ` | loads ${readings.map((r) => r.load.replace('load ', '')).join(', ')}`
  );
}

async function run(kind: BenchDatabase['kind'], print: (line: string) => void): Promise<void> {
  const database = await freshDatabase(kind);
  let peer: ChildProcess | null = null;
  try {
    await seed(database);
    for (const processes of PROCESSES) {
      let server: ServerProcess | null = null;
      try {
        server = await startServerProcess({ ...database.env, WEB_CONCURRENCY: String(processes) });
        // /api/health answers as soon as one worker listens; wait for them all.
        for (let i = 0; processes > 1 && childPids(server.pid).length < processes && i < 600; i++)
          await new Promise((r) => setTimeout(r, 100));
        if (processes > 1) await new Promise((r) => setTimeout(r, 3000));
        const login = await fetch(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'viewer@muster.example', password: 'kontor-demo' }),
        });
        const { token } = (await login.json()) as { token: string };
        const headers = { authorization: `Bearer ${token}` };
        const page = await fetch(`${server.baseUrl}${LIST}`, { headers });
        if (page.status !== 200) throw new Error(`list answered HTTP ${page.status}`);
        const body = await page.text();
        const pageHeaders = Object.fromEntries(
          ['content-type', 'content-range', 'cache-control'].flatMap((name) => {
            const value = page.headers.get(name);
            return value === null ? [] : [[name, value]];
          }),
        );
        peer?.kill('SIGKILL');
        const started = await startPeer(body, pageHeaders);
        peer = started.child;
        const kontor: Reading[] = [];
        const floor: Reading[] = [];
        // Interleaved, so that a change of the machine's load hits both alike.
        for (let i = 0; i < REPEATS; i++) {
          kontor.push(await hammer(`${server.baseUrl}${LIST}`, headers, server.pid, database.env.DATABASE_URL));
          floor.push(await hammer(started.url, headers, peer.pid!));
        }
        print(
          `  [${kind}] ${CONNECTIONS} connections × ${SECONDS} s, newest-first page of 25 at ${body.length.toLocaleString('en')} bytes, target ≥ ${TARGET[kind]} req/s, 0 errors`,
        );
        print(line(`[${kind}] Kontor, ${processes} process${processes > 1 ? 'es' : ''}`, kontor));
        print(line(`[${kind}] floor: bare peer`, floor));
      } finally {
        server?.child.kill('SIGTERM');
        if (server) await once(server.child, 'exit');
      }
    }
  } finally {
    peer?.kill('SIGKILL');
    await database.dispose();
  }
}

export const concurrencyBenchmark: Benchmark = {
  name: `Calculations list under load (${CONNECTIONS} connections × ${SECONDS} s at 100,000 calculations)`,
  async run(print) {
    buildServerBundle();
    await forEachBenchDatabase(print, run);
  },
};
