/**
 * What the request log may say about a URL. Links carry secrets — a reset or invitation token in the query of the
 * SPA's /login pages, a publication's token in /verify/<token> — and no log line may hold one (issue #32, finding 11).
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PATH = /^(\/verify\/)[^/?#]+/;

export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(SECRET_PATH, '$1[redacted]');
  if (query === undefined) return safePath;
  // Links name their secret `token` (/login/reset?token=…, /login/invitation?token=…); list queries stay readable.
  const safeQuery = query
    .split('&')
    .map((pair) => (/^[^=]*token[^=]*=/i.test(pair) ? `${pair.slice(0, pair.indexOf('='))}=[redacted]` : pair))
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** pino's `req` serializer: Fastify's own fields, with the URL redacted. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
