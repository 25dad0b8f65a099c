/**
 * `GET /storefront.js`: the storefront calculator's script (vite.storefront.config.ts builds it beside the SPA, in
 * dist/storefront). Any shop's page may load it: it is public code, carries no data, and is sent with
 * `Cross-Origin-Resource-Policy: cross-origin`. Read and gzipped once; the build replaces it with a restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { fileResponse } from '../http/openapi';
import { notFound } from '../refusals';

/** Five minutes: long enough for a shop's visitors to share one download, short enough for an update to arrive. */
const MAX_AGE_S = 300;

export function registerWidgetScript(app: FastifyInstance, staticDir: string): void {
  const file = path.join(staticDir, '..', 'storefront', 'storefront.js');
  let script: { plain: Buffer; gzip: Buffer } | undefined;
  const load = () => {
    if (!script && fs.existsSync(file)) {
      const plain = fs.readFileSync(file);
      script = { plain, gzip: gzipSync(plain, { level: 9 }) };
    }
    return script;
  };

  app.get(
    '/storefront.js',
    {
      schema: {
        tags: ['storefront'],
        summary: 'The storefront calculator, one script tag for a shop’s page (`<kontor-calculator store="…">`)',
        response: {
          200: fileResponse('text/javascript', 'The calculator’s script'),
          404: fileResponse('text/plain', 'Not built (npm run build)'),
        },
      },
    },
    async (request, reply) => {
      const loaded = load();
      if (!loaded) throw notFound();
      void reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', `public, max-age=${MAX_AGE_S}`)
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Access-Control-Allow-Origin', '*')
        .header('Vary', 'Accept-Encoding');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('Content-Encoding', 'gzip').send(loaded.gzip);
      }
      return reply.send(loaded.plain);
    },
  );
}
