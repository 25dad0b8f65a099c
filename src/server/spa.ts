/**
 * Serves the built SPA from STATIC_DIR. The client routes in history mode, so any GET outside
 * /api that is not a file answers index.html (a reload of /collections or /edit/12 works);
 * unknown /api paths answer a JSON 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { msg } from '../core/i18n/error-keys';
import { HttpError } from './http/errors';
import { requestLanguage } from './i18n/translate';
import { PLUGIN } from './platform';

const NOT_BUILT_HINT =
  'Kontor server is running, but the web app is not built yet.\nRun `npm run build` (or `npm start`, which builds it when missing) and reload.\nThe API is at /api (documentation: /api/docs).\n';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** `/assets/app.js` looks like a file; `/edit/12` and `/collections` are client routes. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return path.posix.extname(pathname) !== '';
}

export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = fs.existsSync(path.join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The build writes `.br` and `.gz` beside each asset (vite.config.ts); the one the browser accepts is sent.
      preCompressed: true,
      // Cache-Control comes from setHeaders alone: @fastify/send's own (`public, max-age=0`) would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names built assets by content hash, so they never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      const endpoint = `${request.method} ${request.url.split('?')[0]}`;
      return reply
        .status(404)
        .send(new HttpError(404, msg('errors.noEndpoint', { path: endpoint })).body(requestLanguage(request)));
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeFile(request.url)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found.\n');
    }
    if (!built) return reply.type('text/plain; charset=utf-8').send(NOT_BUILT_HINT);
    // index.html must not be cached: it names the hashed asset files of the current build. Its type is set before
    // sending, so the security headers (onSend) see an HTML document and give it the SPA's CSP, not the one for data.
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
}

/** Not encapsulated: the not-found handler is the root's, for every path no module claims. */
export const spa = fp(async (app) => registerSpa(app, app.kontor.config.staticDir), {
  name: 'kontor-spa',
  dependencies: [PLUGIN.platform],
  fastify: '5.x',
});
