/** The server configuration read from the environment by its one schema, and the README table written from it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { README_PATH, readmeWithEnvironmentTable } from '../../../scripts/config-docs';
import { ConfigError, ENVIRONMENT, loadConfig } from '../../../src/server/config';

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
    ['WEB_CONCURRENCY', '0'],
    ['HEAVY_WORK_QUEUE', '1.5'],
    ['IMPORT_MAX_BYTES', '0'],
    ['IMPORT_SWEEP_SECONDS', '-5'],
    ['VERIFY_CACHE_BYTES', 'lots'],
    ['MAIL_FROM', 'Kontor'],
    ['STOREFRONT_QUOTES_PER_MINUTE', '0'],
  ])('rejects %s=%s with a clear error naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration: ${name}=`));
  });

  it('says what it expected, and names the first bad variable when several are', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      'Invalid configuration: PORT="70000" — expected a whole number from 0 to 65535.',
    );
    expect(() => loadConfig({ SEED_DEMO: 'perhaps' })).toThrow('expected true or false');
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/Invalid configuration: PORT="x"/);
  });

  it('treats an empty or blank variable as unset, and reads the byte sizes and yes/no words', () => {
    expect(loadConfig({ PORT: ' ', SEED_DEMO: '' })).toMatchObject({ port: 3000, seedDemo: true });
    expect(loadConfig({ SEED_DEMO: 'No', IMPORT_MAX_BYTES: '512kb', VERIFY_CACHE_BYTES: '0' })).toMatchObject({
      seedDemo: false,
      importMaxBytes: 512 * 1024,
      verifyCacheBytes: 0,
    });
    expect(loadConfig({}).verifyCacheBytes).toBe(16 * 1024 * 1024);
  });
});

describe('the README', () => {
  it('lists the variables as the schema declares them (run `npm run docs:config` after changing one)', async () => {
    const committed = readFileSync(README_PATH, 'utf8');
    expect(await readmeWithEnvironmentTable(committed)).toBe(committed);
    for (const name of Object.keys(ENVIRONMENT.properties)) expect(committed).toContain(`| \`${name}\``);
  });
});
