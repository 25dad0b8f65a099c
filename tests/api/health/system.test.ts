import { expect, it } from 'vitest';
import { describeEachDatabase } from '../harness';

describeEachDatabase(
  'system',
  (ctx) => {
    it('GET /api/health answers ok with the database kind and version', async () => {
      const res = await ctx.request('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'ok',
        database: ctx.dialect,
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      });
    });

    it('serves the OpenAPI document generated from the route schemas, and its UI', async () => {
      const res = await ctx.request<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(Object.keys(res.body.paths)).toEqual(
        expect.arrayContaining(['/api/auth/login', '/api/users', '/api/users/{id}', '/api/mandants', '/api/health']),
      );
      const docs = await fetch(`${ctx.baseUrl}/api/docs`, { redirect: 'follow' });
      expect(docs.status).toBe(200);
      expect(await docs.text()).toMatch(/swagger/i);
    });

    it('unknown API paths answer 404 JSON, also for other methods', async () => {
      const res = await ctx.request<{ message: string }>('GET', '/api/nothing-here');
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/Keine API-Schnittstelle/);
      // Anonymous requests are answered in the Accept-Language; signed-in users in their profile language.
      const french = await ctx.request<{ message: string }>('GET', '/api/nothing-here', {
        headers: { 'accept-language': 'fr-CH, de;q=0.5' },
      });
      expect(french.body.message).toMatch(/^Aucun point d’accès API/);
      const english = await ctx.request<{ message: string }>('GET', '/api/users?sort=bad', {
        token: await ctx.login('editor@printco.example'),
      });
      expect(english.status).toBe(403);
      expect(english.body.message).toBe('You are not allowed to do this.');
      const german = await ctx.request<{ message: string }>('GET', '/api/users?sort=bad', {
        token: await ctx.login('editor@muster.example'),
      });
      expect(german.body.message).toBe('Dazu sind Sie nicht berechtigt.');
      expect((await ctx.request('POST', '/api/nothing-here', { body: {} })).status).toBe(404);
    });

    it('serves index.html for client routes (history mode) and files as files', async () => {
      for (const route of ['/', '/collections', '/edit/12', '/login/reset?token=abc']) {
        const res = await fetch(`${ctx.baseUrl}${route}`);
        expect(res.status, route).toBe(200);
        expect(await res.text(), route).toContain('Kontor test SPA');
      }
      const file = await fetch(`${ctx.baseUrl}/app.js`);
      expect(await file.text()).toContain('console.log');
      expect((await fetch(`${ctx.baseUrl}/assets/missing.js`)).status).toBe(404);
    });

    it('answers 413 JSON for an oversized body', async () => {
      const res = await ctx.request<{ message: string }>('POST', '/api/auth/login', {
        rawBody: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(70 * 1024) }),
      });
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/zu groß/);
    });

    it('answers 400 (not 500) for malformed JSON and unsupported content types', async () => {
      const malformed = await ctx.request<{ message: string }>('POST', '/api/auth/login', { rawBody: '{"email":' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/JSON/);
      expect(JSON.stringify(malformed.body)).not.toMatch(/at .*\.(ts|js):\d+/);
      const xml = await ctx.request('POST', '/api/auth/login', {
        rawBody: '<a/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(xml.status).toBeGreaterThanOrEqual(400);
      expect(xml.status).toBeLessThan(500);
    });

    it('CORS allows the Range and Authorization headers and exposes Content-Range', async () => {
      const preflight = await fetch(`${ctx.baseUrl}/api/users`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://elsewhere.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'range,authorization',
        },
      });
      expect(preflight.status).toBeLessThan(300);
      const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      expect(allowed).toContain('range');
      expect(allowed).toContain('authorization');
      const token = await ctx.login('admin@kontor.example');
      const list = await ctx.request('GET', '/api/users', { token, headers: { origin: 'http://elsewhere.example' } });
      expect(list.headers.get('access-control-expose-headers')).toMatch(/Content-Range/i);
    });
  },
  // A page on another origin may call the API only when CORS_ORIGINS lists it (security-headers.test.ts: off by default).
  { withSpa: true, env: { CORS_ORIGINS: 'http://elsewhere.example' } },
);
