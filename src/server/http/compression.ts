/**
 * Compressed responses: brotli or gzip, as the client's Accept-Encoding prefers, for text-like bodies from 1 KB.
 *
 * One onSend hook instead of @fastify/compress: that plugin leaves every response with a `Content-Range` header
 * uncompressed (right for byte ranges), and every simple-rest list carries one (`calculations 0-24/100000`), so the
 * responses that most need it would go out as they are. The built client's assets arrive here already compressed
 * (`.br`/`.gz` written at build time, picked by @fastify/static's `preCompressed`), so they pass untouched.
 *
 * Bodies in hand (JSON) are compressed at once with an exact Content-Length; streams (CSV downloads) are piped through
 * the compressor, whose error on a broken source still breaks the transfer off (see `csv-download.ts`). PDFs, images
 * and fonts are compressed already and pass as they are.
 */
import { pipeline, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this a compressed body saves less than the headers and the CPU cost. */
export const COMPRESSION_THRESHOLD = 1024;

const COMPRESSIBLE = /^\s*(text\/|application\/(json|[\w.+-]+\+json|javascript|xml)|image\/svg\+xml)/i;

// Brotli at quality 4 compresses a list page about as well as gzip -6 at a fraction of the default quality 11's time.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Server preference order: brotli first when the client accepts both with equal weight.
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] as const });

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

function isStream(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (payload === null || payload === undefined || request.method === 'HEAD') return payload;
    if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304)
      return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    addVary(reply);
    const encoded = reply.getHeader('content-encoding');
    if (encoded && encoded !== 'identity') return payload;
    const encoding = negotiator.negotiate(String(request.headers['accept-encoding'] ?? ''));
    if (!encoding) return payload;

    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD) return payload;
      const body = encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzip(payload, GZIP_OPTIONS);
      reply.header('content-encoding', encoding);
      reply.header('content-length', body.length);
      return body;
    }
    if (isStream(payload)) {
      const length = Number(reply.getHeader('content-length'));
      if (Number.isFinite(length) && length < COMPRESSION_THRESHOLD) return payload;
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip(GZIP_OPTIONS);
      // The error is the compressor's too (pipeline destroys it), and Fastify breaks the response off on it.
      return pipeline(payload, compressor, () => {});
    }
    return payload;
  });
}
