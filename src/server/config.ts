/**
 * Server configuration: one TypeBox schema of the environment (each variable's name, default, description and
 * accepted values), read by env-schema before Fastify starts, so `npm start`, `npm run seed`, the scripts and the
 * benches read it alike. The README's table is written from the same schema (`npm run docs:config`). An invalid
 * value stops the start with a message naming the variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { Ajv } from 'ajv';
import envSchema from 'env-schema';
import type { Static, TSchema } from 'typebox';
import { Integer, Number as TNumber, Object as TObject, Optional, String as TString } from 'typebox/type';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** The configuration as the server uses it; each field is read from the variable its comment names. */
export interface Config {
  /** PORT */
  port: number;
  /** HOST */
  host: string;
  /** DATA_DIR, absolute. */
  dataDir: string;
  /** DATABASE_URL */
  database: DatabaseConfig;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** SMTP_URL */
  smtpUrl: string | null;
  /** MAIL_FROM */
  mailFrom: string;
  /** SESSION_TTL_HOURS */
  sessionTtlHours: number;
  /** SEED_DEMO */
  seedDemo: boolean;
  /** DEMO_PASSWORD */
  demoPassword: string;
  /** LOG_LEVEL */
  logLevel: LogLevel;
  /** BODY_LIMIT, in bytes. */
  bodyLimit: number;
  /** IMPORT_MAX_BYTES, in bytes. */
  importMaxBytes: number;
  /** IMPORT_SWEEP_SECONDS */
  importSweepSeconds: number;
  /** WEB_CONCURRENCY (process-group.ts) */
  webConcurrency: number;
  /** TEMPLATES_DIR, absolute. */
  templatesDir: string;
  /** STATIC_DIR, absolute. */
  staticDir: string;
  /** TRUST_PROXY: true, false, or the proxies' addresses and ranges joined by commas. */
  trustProxy: boolean | string;
  /** CORS_ORIGINS */
  corsOrigins: readonly string[];
  /** HEAVY_WORK_CONCURRENCY */
  heavyWorkConcurrency: number;
  /** HEAVY_WORK_QUEUE */
  heavyWorkQueue: number;
  /** STOREFRONT_QUOTES_PER_MINUTE */
  storefrontQuotesPerMinute: number;
  /** STOREFRONT_QUOTES_PER_MINUTE_PER_KEY */
  storefrontQuotesPerMinutePerKey: number;
  /** WEBHOOK_POLL_SECONDS */
  webhookPollSeconds: number;
  /** VERIFY_CACHE_BYTES, in bytes (0: none). */
  verifyCacheBytes: number;
}

export class ConfigError extends Error {
  constructor(variable: string, value: string, expected: string) {
    super(`Invalid configuration: ${variable}=${JSON.stringify(value)} — expected ${expected}.`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const BOOLEAN_WORDS = /^(true|false|1|0|yes|no|on|off)$/i;
const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, k: 1024, mb: 1024 ** 2, m: 1024 ** 2 };
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function bytesOf(raw: string): number | null {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(raw);
  const unit = match ? SIZE_UNITS[match[2]!.toLowerCase()] : undefined;
  return match && unit !== undefined && Number(match[1]) > 0 ? Number(match[1]) * unit : null;
}

function isHttpUrl(raw: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const listOf = (raw: string) => raw.split(',').map((entry) => entry.trim());

/** An origin is scheme, host and port only: a path or a wildcard would not match what browsers send. */
function originOf(value: string): string | null {
  if (!isHttpUrl(value)) return null;
  const origin = new URL(value).origin;
  return origin === value.replace(/\/$/, '') ? origin : null;
}

function databaseOf(raw: string | undefined, dataDir: string): DatabaseConfig | null {
  if (raw === undefined) return { kind: 'sqlite', file: path.join(dataDir, 'kontor.db') };
  if (/^postgres(ql)?:\/\//i.test(raw)) return URL.canParse(raw) ? { kind: 'postgres', url: raw } : null;
  if (raw === ':memory:') return { kind: 'sqlite', file: raw };
  const sqlite = /^(?:sqlite|file):(?:\/\/)?(.+)$/i.exec(raw);
  if (sqlite) return { kind: 'sqlite', file: path.resolve(sqlite[1]!) };
  return raw.includes('://') ? null : { kind: 'sqlite', file: path.resolve(raw) };
}

/** The value forms the schema names by `format`, each with the words an error uses for it. */
const FORMATS: Record<string, { test: (raw: string) => boolean; expected: string }> = {
  'kontor-boolean': { test: (raw) => BOOLEAN_WORDS.test(raw), expected: 'true or false' },
  'kontor-log-level': {
    test: (raw) => (LOG_LEVELS as readonly string[]).includes(raw.toLowerCase()),
    expected: LOG_LEVELS.join(', '),
  },
  'kontor-byte-size': {
    test: (raw) => bytesOf(raw) !== null,
    expected: 'a size in bytes such as 1048576, 512kb or 2mb',
  },
  'kontor-byte-size-or-zero': {
    test: (raw) => raw === '0' || bytesOf(raw) !== null,
    expected: 'a size in bytes such as 1048576, 512kb or 2mb, or 0',
  },
  'kontor-http-url': { test: isHttpUrl, expected: 'an http(s) URL' },
  'kontor-mail-from': { test: (raw) => raw.includes('@'), expected: 'an e-mail address' },
  'kontor-smtp-url': { test: (raw) => /^smtps?:\/\//i.test(raw), expected: 'an smtp:// or smtps:// URL' },
  'kontor-database-url': {
    test: (raw) => databaseOf(raw, '.') !== null,
    expected: 'postgres://…, sqlite:<file> or a file path',
  },
  'kontor-trust-proxy': {
    test: (raw) =>
      BOOLEAN_WORDS.test(raw) ||
      listOf(raw).every((entry) => PROXY_RANGE_NAMES.includes(entry) || isAddressOrRange(entry)),
    expected: "true, false or the proxies' addresses, e.g. 10.0.0.0/8,127.0.0.1",
  },
  'kontor-origins': {
    test: (raw) => listOf(raw).every((entry) => originOf(entry) !== null),
    expected: 'comma-separated origins such as https://erp.example.com',
  },
};

/** `defaultText` says the default where it is derived from other variables rather than a value of its own. */
const wholeNumber = (minimum: number, maximum: number, fallback: number, description: string) =>
  Integer({ minimum, maximum, default: fallback, description });
const text = (format: keyof typeof FORMATS, description: string, fallback?: string, defaultText?: string) =>
  TString({
    format,
    description,
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(defaultText && { defaultText }),
  });

/** The environment Kontor's server reads: the one declaration of every variable. */
export const ENVIRONMENT = TObject(
  {
    PORT: wholeNumber(0, 65535, 3000, 'HTTP port (app and API on one port; 0 picks a free port)'),
    HOST: TString({ default: '0.0.0.0', description: 'interface to listen on' }),
    WEB_CONCURRENCY: wholeNumber(
      1,
      64,
      1,
      'server processes `npm start` runs on the one port and database (Node cluster; see [docs/operations.md](docs/operations.md#several-server-processes))',
    ),
    DATA_DIR: TString({ default: './data', description: 'SQLite file, mail outbox' }),
    DATABASE_URL: Optional(
      text(
        'kontor-database-url',
        '`postgres://user@host:5432/db` runs on PostgreSQL; `sqlite:<file>`, a file path or `:memory:` on SQLite',
        undefined,
        'SQLite file `${DATA_DIR}/kontor.db`',
      ),
    ),
    PUBLIC_URL: Optional(
      text(
        'kontor-http-url',
        'used in links in mails (password reset, invitation)',
        undefined,
        '`http://localhost:${PORT}`',
      ),
    ),
    SMTP_URL: Optional(
      text(
        'kontor-smtp-url',
        'e.g. `smtp://user:pass@mail.example:587`; unset → mails go to `${DATA_DIR}/outbox.log` (mode 0600; the log names only recipient and subject)',
        undefined,
        'unset',
      ),
    ),
    MAIL_FROM: text('kontor-mail-from', 'sender of mails', 'Kontor <no-reply@kontor.example>'),
    SESSION_TTL_HOURS: TNumber({
      exclusiveMinimum: 0,
      default: 12,
      description: 'sessions expire after this many hours of inactivity',
    }),
    SEED_DEMO: text('kontor-boolean', 'seed demo data into an empty database at start-up', 'true'),
    DEMO_PASSWORD: TString({ default: 'kontor-demo', description: 'password of the demo accounts' }),
    LOG_LEVEL: text('kontor-log-level', `pino log level (structured JSON logs): ${LOG_LEVELS.join(', ')}`, 'info'),
    BODY_LIMIT: text(
      'kontor-byte-size',
      'largest accepted request body in bytes (also `512kb`, `2mb`; larger → 413)',
      '1048576',
    ),
    TEMPLATES_DIR: TString({ default: 'schemas/templates', description: 'where the template files are loaded from' }),
    STATIC_DIR: TString({ default: 'dist/client', description: 'the built SPA' }),
    TRUST_PROXY: text(
      'kontor-trust-proxy',
      "whose `X-Forwarded-For` to believe: `true` (every hop) or the proxies' addresses and ranges (`10.0.0.0/8,127.0.0.1`, `loopback`; [docs/operations.md](docs/operations.md))",
      'false',
    ),
    CORS_ORIGINS: Optional(
      text(
        'kontor-origins',
        'origins whose web pages may call the API from a browser, comma-separated, e.g. `https://erp.example.com`',
        undefined,
        'none: CORS off',
      ),
    ),
    HEAVY_WORK_CONCURRENCY: wholeNumber(
      1,
      64,
      1,
      'report PDFs, certificates, large CSV exports and first renders of verification pages produced at once ([docs/heavy-work.md](docs/heavy-work.md))',
    ),
    HEAVY_WORK_QUEUE: wholeNumber(
      0,
      10_000,
      8,
      'heavy requests waiting for a slot beyond those; more get 503 with `Retry-After`',
    ),
    VERIFY_CACHE_BYTES: text(
      'kontor-byte-size-or-zero',
      'memory for rendered verification pages (also `512kb`, `2mb`; `0`: none)',
      '16mb',
    ),
    STOREFRONT_QUOTES_PER_MINUTE: wholeNumber(
      1,
      10_000_000,
      120,
      'storefront quotes one client address may ask for per minute and key; beyond, 429',
    ),
    STOREFRONT_QUOTES_PER_MINUTE_PER_KEY: wholeNumber(
      1,
      10_000_000,
      1200,
      'storefront quotes per minute and key from all addresses; beyond, 429',
    ),
    WEBHOOK_POLL_SECONDS: wholeNumber(
      0,
      3600,
      10,
      'how often each process looks for storefront webhook deliveries due for a retry (`0`: only right after an event; [docs/storefront.md](docs/storefront.md))',
    ),
    IMPORT_MAX_BYTES: text(
      'kontor-byte-size',
      'largest CSV import in bytes (also `512kb`, `2mb`; larger → 413 before anything is written)',
      '52428800',
    ),
    IMPORT_SWEEP_SECONDS: wholeNumber(
      0,
      86_400,
      30,
      'PostgreSQL: how often each process looks for imports left running by a process that died (`0`: only at start-up)',
    ),
  },
  { additionalProperties: false },
);

type Environment = Static<typeof ENVIRONMENT>;

function expectedOf(
  schema: TSchema & { format?: unknown; type?: unknown; minimum?: number; maximum?: number },
): string {
  if (typeof schema.format === 'string') return FORMATS[schema.format]!.expected;
  if (schema.type === 'integer') return `a whole number from ${String(schema.minimum)} to ${String(schema.maximum)}`;
  return 'a positive number';
}

/** The variables as set, trimmed; an empty one counts as unset. */
function presentVariables(env: Env): Record<string, string> {
  return Object.fromEntries(
    Object.keys(ENVIRONMENT.properties).flatMap((name) => {
      const value = env[name]?.trim();
      return value === undefined || value === '' ? [] : [[name, value]];
    }),
  );
}

/** Compiled once: the schema, the formats and env-schema's own settings (defaults, numbers from text, all errors). */
const environmentReader = (() => {
  const ajv = new Ajv({
    allErrors: true,
    useDefaults: true,
    coerceTypes: true,
    keywords: [envSchema.keywords.separator],
  });
  ajv.addKeyword({ keyword: 'defaultText', schemaType: 'string' });
  for (const [name, { test }] of Object.entries(FORMATS)) ajv.addFormat(name, test);
  ajv.compile(ENVIRONMENT);
  return ajv;
})();

function readEnvironment(env: Env): Environment {
  const raw = presentVariables(env);
  try {
    return envSchema<Environment>({ schema: ENVIRONMENT, data: raw, env: false, ajv: environmentReader });
  } catch (error) {
    const first = (error as { errors?: { instancePath: string }[] }).errors?.[0];
    const variable = first?.instancePath.slice(1) as keyof typeof ENVIRONMENT.properties | undefined;
    if (variable === undefined || !(variable in ENVIRONMENT.properties)) throw error;
    throw new ConfigError(variable, raw[variable] ?? '', expectedOf(ENVIRONMENT.properties[variable]));
  }
}

const isTrue = (raw: string) => /^(true|1|yes|on)$/i.test(raw);

export function loadConfig(env: Env = process.env): Config {
  const read = readEnvironment(env);
  const dataDir = path.resolve(read.DATA_DIR);
  const trustProxy = BOOLEAN_WORDS.test(read.TRUST_PROXY)
    ? isTrue(read.TRUST_PROXY)
    : listOf(read.TRUST_PROXY).join(',');
  return {
    port: read.PORT,
    host: read.HOST,
    dataDir,
    database: databaseOf(read.DATABASE_URL, dataDir)!,
    publicUrl: (read.PUBLIC_URL ?? `http://localhost:${read.PORT}`).replace(/\/+$/, ''),
    smtpUrl: read.SMTP_URL ?? null,
    mailFrom: read.MAIL_FROM,
    sessionTtlHours: read.SESSION_TTL_HOURS,
    seedDemo: isTrue(read.SEED_DEMO),
    demoPassword: read.DEMO_PASSWORD,
    logLevel: read.LOG_LEVEL.toLowerCase() as LogLevel,
    bodyLimit: bytesOf(read.BODY_LIMIT)!,
    importMaxBytes: bytesOf(read.IMPORT_MAX_BYTES)!,
    importSweepSeconds: read.IMPORT_SWEEP_SECONDS,
    webConcurrency: read.WEB_CONCURRENCY,
    templatesDir: path.resolve(read.TEMPLATES_DIR),
    staticDir: path.resolve(read.STATIC_DIR),
    trustProxy,
    corsOrigins: read.CORS_ORIGINS === undefined ? [] : listOf(read.CORS_ORIGINS).map((entry) => originOf(entry)!),
    heavyWorkConcurrency: read.HEAVY_WORK_CONCURRENCY,
    heavyWorkQueue: read.HEAVY_WORK_QUEUE,
    storefrontQuotesPerMinute: read.STOREFRONT_QUOTES_PER_MINUTE,
    storefrontQuotesPerMinutePerKey: read.STOREFRONT_QUOTES_PER_MINUTE_PER_KEY,
    webhookPollSeconds: read.WEBHOOK_POLL_SECONDS,
    verifyCacheBytes: read.VERIFY_CACHE_BYTES === '0' ? 0 : bytesOf(read.VERIFY_CACHE_BYTES)!,
  };
}

const cell = (value: string) => value.replaceAll('|', '\\|');

/** The README's table of variables, written from `ENVIRONMENT` (`npm run docs:config`). */
export function environmentTable(): string {
  const rows = Object.entries(ENVIRONMENT.properties).map(([name, schema]) => {
    const property = schema as { default?: unknown; defaultText?: string; description?: string };
    const fallback = property.defaultText ?? `\`${String(property.default)}\``;
    return `| \`${name}\` | ${cell(fallback)} | ${cell(property.description ?? '')} |`;
  });
  return ['| variable | default | what |', '| --- | --- | --- |', ...rows].join('\n');
}
