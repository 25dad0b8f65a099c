/** Configuration from the environment, and the health check when the database goes away. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      database: { kind: 'sqlite', file: path.resolve('data/kontor.db') },
      publicUrl: 'http://localhost:3000',
      smtpUrl: null,
      sessionTtlHours: 12,
      seedDemo: true,
      demoPassword: 'kontor-demo',
      logLevel: 'info',
      bodyLimit: 1024 * 1024,
      templatesDir: path.resolve('schemas/templates'),
      staticDir: path.resolve('dist/client'),
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/k',
      DATABASE_URL: 'postgres://u:p@db:5432/kontor',
      PUBLIC_URL: 'https://kontor.example.com/',
      SMTP_URL: 'smtp://mail:25',
      SEED_DEMO: 'false',
      BODY_LIMIT: '2mb',
      SESSION_TTL_HOURS: '0.5',
      LOG_LEVEL: 'WARN',
    });
    expect(config).toMatchObject({
      port: 8080,
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/kontor' },
      publicUrl: 'https://kontor.example.com',
      smtpUrl: 'smtp://mail:25',
      seedDemo: false,
      bodyLimit: 2 * 1024 * 1024,
      sessionTtlHours: 0.5,
      logLevel: 'warn',
    });
    expect(loadConfig({ DATA_DIR: '/tmp/k' }).database).toEqual({ kind: 'sqlite', file: '/tmp/k/kontor.db' });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('trusts every proxy, none, or the listed proxy addresses and ranges (TRUST_PROXY)', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1,::1/128, loopback ' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1,::1/128,loopback',
    );
  });

  it('allows CORS for no origin by default, or for the listed origins (CORS_ORIGINS)', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://erp.example.com, http://localhost:5173/ ' }).corsOrigins).toEqual([
      'https://erp.example.com',
      'http://localhost:5173',
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SEED_DEMO', 'perhaps'],
    ['BODY_LIMIT', '10 parsecs'],
    ['SESSION_TTL_HOURS', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'ftp://x'],
    ['DATABASE_URL', 'mysql://x/y'],
    ['SMTP_URL', 'http://mail'],
    ['TRUST_PROXY', 'perhaps'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,proxy.example'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'https://erp.example.com/app'],
    ['CORS_ORIGINS', 'ftp://erp.example.com'],
  ])('rejects %s=%s with a clear error naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration: ${name}=`));
  });
});

describe('GET /api/health', () => {
  it('answers 503 when the database is gone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-health-'));
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', STATIC_DIR: dir }),
    });
    try {
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      await app.kontor.db.destroy();
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: 'sqlite' });
    } finally {
      await app.close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
