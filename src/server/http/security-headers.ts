/**
 * Headers every response carries (issue #32, finding 11):
 * - `X-Content-Type-Options: nosniff`, so no answer is ever run as something other than its declared type;
 * - no framing by other sites (clickjacking): `frame-ancestors 'none'` and, for old browsers, `X-Frame-Options`;
 * - a Content-Security-Policy: for HTML (the SPA) scripts only from this origin, never inline — index.html has none
 *   (runtime configuration is /config.js) — while styles may be inline because emotion (MUI) injects its <style>
 *   elements at runtime; every other answer is no document at all (`default-src 'none'`).
 * A route that sets a policy of its own (the /verify pages) keeps it.
 */
import type { FastifyInstance } from 'fastify';

export const SPA_CSP = [
  "default-src 'self'",
  // 'unsafe-eval' but never 'unsafe-inline': Ajv compiles the template meta-schema with `new Function` in the browser
  // (the template editor; calculation forms validate with core/rules, no Ajv). Precompiling it (Ajv standalone) would
  // let this go; until then no injected markup can run script, but code already running may build functions.
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  // A mandant's logo may be any https:// URL (mandant settings); an image runs no script.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NO_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('X-Content-Type-Options', 'nosniff');
    void reply.header('X-Frame-Options', 'DENY');
    // A 304 carries no content type, and its headers replace the cached document's: a CSP for "no document" there
    // would block the cached SPA's own scripts after a reload. The cached answer keeps the policy it came with.
    if (reply.statusCode !== 304 && !reply.hasHeader('Content-Security-Policy')) {
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      void reply.header('Content-Security-Policy', html ? SPA_CSP : NO_DOCUMENT_CSP);
    }
    return payload;
  });
}
