/**
 * Server configuration from environment variables. Every variable has a documented default so
 * `npm start` works on a fresh clone; an invalid value stops the start with a message naming it.
 */
import { isIP } from 'node:net';
import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  /** TCP port to listen on (PORT, default 3000; 0 picks a free port). */
  port: number;
  /** Interface to bind (HOST, default 0.0.0.0). */
  host: string;
  /** Folder for the SQLite file and the mail outbox (DATA_DIR, default ./data), absolute. */
  dataDir: string;
  /** DATABASE_URL: unset → SQLite file `${DATA_DIR}/kontor.db`; `postgres://…` → PostgreSQL. */
  database: DatabaseConfig;
  /** Base URL of the app as users reach it, for links in mails (PUBLIC_URL, default http://localhost:PORT). */
  publicUrl: string;
  /** SMTP_URL, e.g. smtp://user:pass@host:587; unset → mails go to `${DATA_DIR}/outbox.log` (0600; the log names only recipient and subject). */
  smtpUrl: string | null;
  /** Sender address (MAIL_FROM, default "Kontor <no-reply@kontor.example>"). */
  mailFrom: string;
  /** Hours a session lives without use (SESSION_TTL_HOURS, default 12). */
  sessionTtlHours: number;
  /** Seed demo data into an empty database (SEED_DEMO, default true). */
  seedDemo: boolean;
  /** Password of every demo account (DEMO_PASSWORD, default kontor-demo). */
  demoPassword: string;
  /** pino log level (LOG_LEVEL, default info). */
  logLevel: LogLevel;
  /** Largest accepted request body in bytes (BODY_LIMIT, default 1 MiB; accepts 512kb, 2mb). */
  bodyLimit: number;
  /** Largest CSV file an import accepts in bytes (IMPORT_MAX_BYTES, default 50 MB; accepts 512kb, 2mb). */
  importMaxBytes: number;
  /** PostgreSQL: how often each process looks for imports left running by a dead process (IMPORT_SWEEP_SECONDS, default 30; 0 = only at start-up). */
  importSweepSeconds: number;
  /** Server processes `npm start` runs on the one port and database (WEB_CONCURRENCY, process-group.ts). */
  webConcurrency: number;
  /** Folder of the template JSON files (TEMPLATES_DIR, default schemas/templates), absolute. */
  templatesDir: string;
  /** Folder of the built SPA (STATIC_DIR, default dist/client), absolute. */
  staticDir: string;
  /**
   * Whose X-Forwarded-For to believe for client addresses, which login throttling counts by (TRUST_PROXY, default
   * false): true (every hop — only behind a proxy that overwrites the header), or the proxies' addresses and ranges
   * (`10.0.0.0/8,127.0.0.1`, or `loopback`, `linklocal`, `uniquelocal`): the client is the last address not in them.
   */
  trustProxy: boolean | string;
  /**
   * Origins whose web pages may call the API from the browser (CORS_ORIGINS, comma-separated, e.g.
   * `https://erp.example.com`; default none: CORS off — the SPA is served from the API's own origin).
   */
  corsOrigins: readonly string[];
  /** Heavy answers (report and certificate PDFs, CSV exports, first renders of verification pages) produced at once (HEAVY_WORK_CONCURRENCY, default 1: one report of a thousand calculations is the most the shipped 192 MB heap holds beside the rest). */
  heavyWorkConcurrency: number;
  /** Heavy requests waiting for a slot beyond those; more get 503 with Retry-After (HEAVY_WORK_QUEUE, default 8). */
  heavyWorkQueue: number;
  /** Storefront quotes one client address may ask for per minute and key (STOREFRONT_QUOTES_PER_MINUTE, default 120). */
  storefrontQuotesPerMinute: number;
  /** Storefront quotes per minute and key from all addresses (STOREFRONT_QUOTES_PER_MINUTE_PER_KEY, default 1200). */
  storefrontQuotesPerMinutePerKey: number;
  /** How often each process looks for webhook deliveries due for a retry (WEBHOOK_POLL_SECONDS, default 10; 0 = only right after an event). */
  webhookPollSeconds: number;
  /** Memory for rendered verification pages, kept since their snapshots never change (VERIFY_CACHE_BYTES, default 16 MB; accepts 512kb, 2mb; 0 = none). */
  verifyCacheBytes: number;
}

export class ConfigError extends Error {
  constructor(variable: string, value: string, expected: string) {
    super(`Invalid configuration: ${variable}=${JSON.stringify(value)} — expected ${expected}.`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(name, raw, `a whole number from ${min} to ${max}`);
  }
  return value;
}

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(name, raw, 'a positive number');
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(lower)) return true;
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  throw new ConfigError(name, raw, 'true or false');
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

function proxyTrust(env: Env): boolean | string {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || /^(true|false|1|0|yes|no|on|off)$/i.test(raw)) return boolean(env, 'TRUST_PROXY', false);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (!entries.every((entry) => PROXY_RANGE_NAMES.includes(entry) || isAddressOrRange(entry))) {
    throw new ConfigError('TRUST_PROXY', raw, "true, false or the proxies' addresses, e.g. 10.0.0.0/8,127.0.0.1");
  }
  return entries.join(',');
}

function origins(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  return raw.split(',').map((entry) => {
    const value = entry.trim();
    let origin: string | null = null;
    try {
      const parsed = new URL(value);
      if (['http:', 'https:'].includes(parsed.protocol)) origin = parsed.origin;
    } catch {
      origin = null;
    }
    // An origin is scheme, host and port only: a path or a wildcard would not match what browsers send.
    if (origin === null || origin !== value.replace(/\/$/, '')) {
      throw new ConfigError(name, raw, 'comma-separated origins such as https://erp.example.com');
    }
    return origin;
  });
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, k: 1024, mb: 1024 ** 2, m: 1024 ** 2 };

function byteSize(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const match = /^(\d+)\s*([a-z]*)$/i.exec(raw);
  const unit = match ? SIZE_UNITS[match[2]!.toLowerCase()] : undefined;
  if (!match || unit === undefined || Number(match[1]) <= 0) {
    throw new ConfigError(name, raw, 'a size in bytes such as 1048576, 512kb or 2mb');
  }
  return Number(match[1]) * unit;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback;
  try {
    const parsed = new URL(raw);
    if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError(name, raw, 'an http(s) URL');
  }
  return raw.replace(/\/+$/, '');
}

function database(env: Env, dataDir: string): DatabaseConfig {
  const raw = read(env, 'DATABASE_URL');
  if (raw === undefined) return { kind: 'sqlite', file: path.join(dataDir, 'kontor.db') };
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL', raw, 'a valid postgres:// URL');
    }
    return { kind: 'postgres', url: raw };
  }
  if (raw === ':memory:') return { kind: 'sqlite', file: raw };
  const sqlite = /^(?:sqlite|file):(?:\/\/)?(.+)$/i.exec(raw);
  if (sqlite) return { kind: 'sqlite', file: path.resolve(sqlite[1]!) };
  if (!raw.includes('://')) return { kind: 'sqlite', file: path.resolve(raw) };
  throw new ConfigError('DATABASE_URL', raw, 'postgres://…, sqlite:<file> or a file path');
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? './data');
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', logLevel, LOG_LEVELS.join(', '));
  }
  const mailFrom = read(env, 'MAIL_FROM') ?? 'Kontor <no-reply@kontor.example>';
  if (!mailFrom.includes('@')) throw new ConfigError('MAIL_FROM', mailFrom, 'an e-mail address');
  const smtpUrl = read(env, 'SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//i.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL', smtpUrl, 'an smtp:// or smtps:// URL');
  }
  const demoPassword = read(env, 'DEMO_PASSWORD') ?? 'kontor-demo';
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    database: database(env, dataDir),
    publicUrl: url(env, 'PUBLIC_URL', `http://localhost:${port}`),
    smtpUrl,
    mailFrom,
    sessionTtlHours: positiveNumber(env, 'SESSION_TTL_HOURS', 12),
    seedDemo: boolean(env, 'SEED_DEMO', true),
    demoPassword,
    logLevel: logLevel as LogLevel,
    bodyLimit: byteSize(env, 'BODY_LIMIT', 1024 * 1024),
    importMaxBytes: byteSize(env, 'IMPORT_MAX_BYTES', 50 * 1024 * 1024),
    importSweepSeconds: integer(env, 'IMPORT_SWEEP_SECONDS', 30, 0, 86_400),
    webConcurrency: integer(env, 'WEB_CONCURRENCY', 1, 1, 64),
    templatesDir: path.resolve(read(env, 'TEMPLATES_DIR') ?? 'schemas/templates'),
    staticDir: path.resolve(read(env, 'STATIC_DIR') ?? 'dist/client'),
    trustProxy: proxyTrust(env),
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    heavyWorkConcurrency: integer(env, 'HEAVY_WORK_CONCURRENCY', 1, 1, 64),
    heavyWorkQueue: integer(env, 'HEAVY_WORK_QUEUE', 8, 0, 10_000),
    storefrontQuotesPerMinute: integer(env, 'STOREFRONT_QUOTES_PER_MINUTE', 120, 1, 10_000_000),
    storefrontQuotesPerMinutePerKey: integer(env, 'STOREFRONT_QUOTES_PER_MINUTE_PER_KEY', 1200, 1, 10_000_000),
    webhookPollSeconds: integer(env, 'WEBHOOK_POLL_SECONDS', 10, 0, 3600),
    verifyCacheBytes:
      read(env, 'VERIFY_CACHE_BYTES') === '0' ? 0 : byteSize(env, 'VERIFY_CACHE_BYTES', 16 * 1024 * 1024),
  };
}
