/**
 * Headers and logs (issue #32, finding 11): nosniff and no framing on every answer, a script-tight CSP for the SPA,
 * CORS off unless CORS_ORIGINS lists an origin, and the outbox (which holds reset and invitation links) private to
 * its owner and out of the log.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { outboxPath } from '../../../src/server/mail/mailer';
import { describeEachDatabase, type ApiResponse, type TestContext } from '../harness';

function expectSecurityHeaders(res: ApiResponse, what: string): void {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('content-security-policy'), what).toMatch(/frame-ancestors 'none'/);
}

async function answers(ctx: TestContext): Promise<Array<[string, ApiResponse]>> {
  const token = await ctx.login('admin@muster.example');
  return [
    ['SPA', await ctx.request('GET', '/')],
    ['client route', await ctx.request('GET', '/collections')],
    ['asset', await ctx.request('GET', '/app.js')],
    ['missing file', await ctx.request('GET', '/missing.js')],
    ['health', await ctx.request('GET', '/api/health')],
    ['API list', await ctx.request('GET', '/api/users', { token })],
    ['API 401', await ctx.request('GET', '/api/users')],
    ['API 404', await ctx.request('GET', '/api/nothing-here')],
    ['verify page', await ctx.request('GET', '/verify/made-up-token')],
  ];
}

describeEachDatabase(
  'security headers',
  (ctx) => {
    it('sends nosniff and forbids framing on every answer, the verification pages included', async () => {
      for (const [what, res] of await answers(ctx)) expectSecurityHeaders(res, what);
    });

    it('gives the SPA a CSP without inline script, and keeps the verification page’s own', async () => {
      const spa = await ctx.request('GET', '/');
      const csp = spa.headers.get('content-security-policy') ?? '';
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      // No inline script; 'unsafe-eval' only for Ajv's compiled validators in the browser (security-headers.ts).
      expect(scripts).toBe("'self' 'unsafe-eval'");
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/base-uri 'self'/);
      const verify = await ctx.request('GET', '/verify/made-up-token');
      expect(verify.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
      const api = await ctx.request('GET', '/api/health');
      expect(api.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    });

    it('never gives a reloaded client route the policy for data: a 304 keeps the cached SPA’s CSP', async () => {
      const first = await ctx.request('GET', '/collections');
      const conditional: Record<string, string> = {};
      const etag = first.headers.get('etag');
      const modified = first.headers.get('last-modified');
      if (etag) conditional['if-none-match'] = etag;
      if (modified) conditional['if-modified-since'] = modified;
      const again = await ctx.request('GET', '/collections', { headers: conditional });
      const csp = again.headers.get('content-security-policy');
      if (again.status === 304) expect(csp).toBeNull();
      else expect(csp).toBe(first.headers.get('content-security-policy'));
      expect(first.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    });

    it('answers no CORS headers by default: a page on another origin cannot read the API', async () => {
      const token = await ctx.login('admin@muster.example');
      const list = await ctx.request('GET', '/api/users', { token, headers: { origin: 'https://evil.example' } });
      expect(list.status).toBe(200);
      expect(list.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${ctx.baseUrl}/api/users`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('writes the outbox readable by its owner only', async () => {
      await ctx.request('POST', '/api/auth/forgot-password', { body: { email: 'viewer@muster.example' } });
      await ctx.settle();
      const file = outboxPath(ctx.config);
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    });
  },
  { withSpa: true },
);

describeEachDatabase(
  'CORS by allowlist',
  (ctx) => {
    it('lets listed origins call the API and no others', async () => {
      const token = await ctx.login('admin@muster.example');
      const listed = await ctx.request('GET', '/api/users', { token, headers: { origin: 'https://erp.example.com' } });
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://erp.example.com');
      const other = await ctx.request('GET', '/api/users', { token, headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });
  },
  { env: { CORS_ORIGINS: 'https://erp.example.com, https://intranet.example:8443' } },
);
