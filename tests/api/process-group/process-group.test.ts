/**
 * `WEB_CONCURRENCY=2`: the server as `npm start` runs it with two worker processes (process-group.ts), beside the
 * harness's own in-process server, all three on one database. A session made by one process is accepted by the
 * others, and a template published through one is listed by the others at once.
 *
 * Which worker answers is not chosen by the client: Node's cluster hands each new connection to the next worker
 * in turn (round-robin, its default on Linux). Every request here opens its own connection, so of two consecutive
 * requests to the cluster each worker answers one; each check is made on four.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TemplateRecord } from '../../../src/core/api';
import { DEMO_PASSWORD, describeEachDatabase, type TestContext } from '../harness';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const text = (en: string) => ({ de: `${en} (de)`, en, fr: `${en} (fr)`, it: `${en} (it)`, es: `${en} (es)` });

/** A one-field template computing 3 kg CO2e a piece. */
const parcel = {
  id: 'parcel',
  version: 1,
  type: 'product',
  icon: 'Email',
  label: text('Parcel'),
  groups: [
    {
      id: 'general',
      label: text('General'),
      fields: [
        { name: 'title', type: 'text', label: text('Title'), rules: ['required'] },
        { name: 'quantity', type: 'integer', label: text('Quantity'), unit: 'pcs', rules: ['required', 'min:1'] },
      ],
    },
  ],
  results: [{ name: 'total_co2e', label: text('Total'), unit: 'kg CO2e', formula: 'quantity * 3', primary: true }],
  list: { columns: ['title', 'quantity', 'total_co2e'] },
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One request on a connection of its own (no keep-alive), so that the cluster hands it to the next worker. */
function call(
  port: number,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (response) => {
        let data = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (data += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: data ? JSON.parse(data) : null }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describeEachDatabase('several server processes on one database', (ctx: TestContext) => {
  let child: ChildProcess | undefined;
  let port = 0;
  const workers = new Set<string>();

  beforeAll(async () => {
    port = await freePort();
    const database = ctx.config.database;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: ctx.config.dataDir,
        DATABASE_URL: database.kind === 'postgres' ? database.url : database.file,
        DEMO_PASSWORD,
        LOG_LEVEL: 'silent',
        STATIC_DIR: path.join(ctx.config.dataDir, 'static'),
        PUBLIC_URL: 'http://kontor.test',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the two workers did not start within 120 s')), 120_000);
      child!.once('exit', (code) => reject(new Error(`the server stopped (code ${code})`)));
      child!.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        for (const [, pid] of chunk.matchAll(/Kontor process (\d+) listening/g)) workers.add(pid!);
        if (workers.size === 2) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }, 130_000);

  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  it('runs two workers besides its primary', () => {
    expect(workers.size).toBe(2);
    expect(workers.has(String(child!.pid))).toBe(false);
  });

  it("accepts one process's session in every other, and ends it everywhere", async () => {
    const token = await ctx.login('editor@muster.example');
    for (let i = 0; i < 4; i++) {
      const me = await call(port, 'GET', '/api/auth/me', token);
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(me.body).toMatchObject({ email: 'editor@muster.example' });
    }
    const made = await call(port, 'POST', '/api/auth/login', undefined, {
      email: 'viewer@muster.example',
      password: DEMO_PASSWORD,
    });
    expect(made.status).toBe(200);
    const workerToken = (made.body as { token: string }).token;
    expect((await ctx.request('GET', '/api/auth/me', { token: workerToken })).status).toBe(200);
    expect((await call(port, 'POST', '/api/auth/logout', workerToken)).status).toBeLessThan(300);
    expect((await ctx.request('GET', '/api/auth/me', { token: workerToken })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await call(port, 'GET', '/api/auth/me', workerToken)).status).toBe(401);
  });

  it('lists a template published through one process in every other at once', async () => {
    const admin = await ctx.login('admin@kontor.example');
    const listed = async (answer: { status: number; body: unknown }) => {
      expect(answer.status).toBe(200);
      return (answer.body as TemplateRecord[]).some((t) => t.id === 'parcel');
    };
    for (let i = 0; i < 2; i++) expect(await listed(await call(port, 'GET', '/api/templates', admin))).toBe(false);
    const published = await call(port, 'POST', '/api/templates', admin, { definition: parcel, status: 'published' });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    for (let i = 0; i < 4; i++) expect(await listed(await call(port, 'GET', '/api/templates', admin))).toBe(true);
    expect(await listed(await ctx.request('GET', '/api/templates', { token: admin }))).toBe(true);
  });

  it('passes a cancel that reaches the other worker to the one running the import', async () => {
    const token = await ctx.login('editor@muster.example');
    const lines = ['Titel;Auflage;Seiten', ...Array.from({ length: 700 }, (_, i) => `Quer ${i};1.000;16`)];
    const content = Buffer.from(`${lines.join('\r\n')}\r\n`);
    const tail = Buffer.from('\r\n\r\n');
    // The upload's connection goes to one worker and stays open after 500 rows are committed; the cancel's, the next
    // connection, goes to the other.
    const upload = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/imports?template=brochure&mode=valid_rows&file_name=quer.csv',
      agent: false,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'text/csv',
        'Content-Length': String(content.length + tail.length),
      },
    });
    const answered = new Promise<number>((resolve) => {
      upload.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      upload.on('error', () => resolve(0));
    });
    upload.write(content);
    const named = async () =>
      (
        await ctx.request<{ id: number; rows_ok: number; status: string }[]>(
          'GET',
          `/api/imports?filter=${encodeURIComponent(JSON.stringify({ q: 'quer.csv' }))}`,
          { token },
        )
      ).body[0];
    await expect.poll(async () => (await named())?.rows_ok, { timeout: 60_000 }).toBe(500);
    const record = (await named())!;
    const cancelled = await call(port, 'POST', `/api/imports/${record.id}/cancel`, token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(202);
    await expect.poll(async () => (await named())?.status, { timeout: 60_000 }).toBe('cancelled');
    upload.end(tail);
    await answered;
    expect((await named())!.rows_ok).toBe(0);
  }, 130_000);
});
