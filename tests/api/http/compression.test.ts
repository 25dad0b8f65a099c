import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../harness';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  body: Buffer;
}

/** node:http, because fetch decodes bodies and hides what was on the wire. */
function rawGet(baseUrl: string, url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const ASSET = 'assets/app-Dx3f9a1B.js';
const SOURCE = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;

describeEachDatabase(
  'compression',
  (ctx) => {
    beforeAll(() => {
      // As the build leaves them: the asset and its brotli and gzip copies (vite-plugin-compression2).
      const dir = path.join(ctx.config.staticDir, 'assets');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(ctx.config.staticDir, ASSET), SOURCE);
      fs.writeFileSync(path.join(ctx.config.staticDir, `${ASSET}.br`), zlib.brotliCompressSync(SOURCE));
      fs.writeFileSync(path.join(ctx.config.staticDir, `${ASSET}.gz`), zlib.gzipSync(SOURCE));
    });

    it('serves a hashed asset precompressed by Accept-Encoding, cached for a year as immutable', async () => {
      const br = await rawGet(ctx.baseUrl, `/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SOURCE);

      const gzip = await rawGet(ctx.baseUrl, `/${ASSET}`, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.body).toString()).toBe(SOURCE);

      const plain = await rawGet(ctx.baseUrl, `/${ASSET}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(SOURCE);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('keeps index.html revalidated on every load', async () => {
      const index = await rawGet(ctx.baseUrl, '/', { 'accept-encoding': 'br' });
      expect(index.status).toBe(200);
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.body.toString()).toContain('Kontor test SPA');
    });

    it('compresses a large JSON list when the client accepts it, and only then', async () => {
      const token = await ctx.login('editor@muster.example');
      const url = `/api/calculations?range=${encodeURIComponent('[0,99]')}`;
      const headers = { authorization: `Bearer ${token}` };
      const plain = await rawGet(ctx.baseUrl, url, headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);

      const br = await rawGet(ctx.baseUrl, url, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-range']).toBe(plain.headers['content-range']);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));

      const gzip = await rawGet(ctx.baseUrl, url, { ...headers, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    });

    it('leaves small answers as they are', async () => {
      const health = await rawGet(ctx.baseUrl, '/api/health', { 'accept-encoding': 'br' });
      expect(health.status).toBe(200);
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok' });
    });

    it('compresses a streamed CSV download as it goes', async () => {
      const token = await ctx.login('admin@kontor.example');
      const url = '/api/protocol/export.csv';
      const headers = { authorization: `Bearer ${token}` };
      const plain = await rawGet(ctx.baseUrl, url, headers);
      expect(plain.status).toBe(200);
      const gzip = await rawGet(ctx.baseUrl, url, { ...headers, 'accept-encoding': 'gzip' });
      expect(gzip.status).toBe(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers['content-type']).toMatch(/^text\/csv/);
      expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    });
  },
  { withSpa: true },
);
