/**
 * Records and payloads that cross the HTTP boundary. Defined once here and used by the
 * server (route schemas, queries) and the client (data provider, screens).
 */
import type { Language, LocalizedText } from './languages';
import type { FactorUse, ResultBreakdown } from './formula/compute';
import type { MachineSetRef, ProductionUse } from './production';
import type { CalculationInputs, Template, TemplateType } from './template/types';

export const ROLES = ['provider_admin', 'mandant_admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** A user as the API returns it: never the password hash. */
export interface UserRecord {
  id: number;
  /** null only for provider admins, who belong to no mandant. */
  mandant_id: number | null;
  email: string;
  name: string;
  role: Role;
  language: Language;
  active: boolean;
  created_at: string;
  updated_at: string;
  /** Optimistic-locking counter: a PUT with a stale version answers 409. */
  version: number;
}

export interface MandantSettings {
  provider_name?: string;
  logo_url?: string;
  primary_color?: string;
  certificate_name?: string;
  /** Offsets are ordered in whole steps of this many tonnes (e.g. 0.1 or 1). */
  offset_rounding_t?: number;
  default_database_id?: number | null;
}

export interface MandantRecord {
  id: number;
  name: string;
  slug: string;
  active: boolean;
  settings: MandantSettings;
  created_at: string;
  updated_at: string;
  version: number;
}

/** The signed-in user as `/api/auth/me` and the login answer describe it. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  language: Language;
  mandant_id: number | null;
  mandant_name: string | null;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  /** ISO timestamp when the session ends unless renewed. */
  expires_at: string;
  user: SessionUser;
}

export interface UpdateMeRequest {
  name?: string;
  language?: Language;
  /** Changing the password requires the current one. */
  current_password?: string;
  new_password?: string;
}

/** Every error the API answers with (400, 401, 403, 404, 409, 413, 429). */
export interface ApiErrorBody {
  message: string;
  /** Field name → message, for errors a form can show beside its inputs. */
  errors?: Record<string, string>;
}

export const MIN_PASSWORD_LENGTH = 10;

/**
 * An open invitation as `GET /api/invitations` lists it (never its token). An admin invites by name,
 * address and role; the invitee sets their own password through the mailed link. Whether the address
 * already has an account is never shown: that invitation looks exactly like any other.
 */
export interface InvitationRecord {
  id: number;
  /** null: an invitation to become a provider admin. */
  mandant_id: number | null;
  email: string;
  name: string;
  role: Role;
  /** The language of the mail and of the account to be created. */
  language: Language;
  /** The admin who invited (null once that account is gone). */
  invited_by: number | null;
  /** When the current link was mailed (creation or the last resend). */
  sent_at: string;
  /** The link works until then; a resend starts a new period. */
  expires_at: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** `POST /api/auth/accept-invitation`: the token from the link and the invitee's own password. */
export interface AcceptInvitationRequest {
  token: string;
  password: string;
}

/** The answer: the address of the account just created, to sign in with. */
export interface AcceptInvitationResponse {
  email: string;
}

// ---------------------------------------------------------------------------------------------
// Templates, factor databases, factors and calculations (issue 3).

/** A template as `GET /api/templates` answers it (read only; the file's current version). */
export interface TemplateRecord {
  /** The template id, e.g. `brochure` (react-admin ids may be strings). */
  id: string;
  version: number;
  type: TemplateType;
  /** In the requesting user's language. */
  label: string;
  labels: LocalizedText;
  description: string | null;
  /** An MUI icon name, e.g. `MenuBook`. */
  icon: string;
  /** The full template JSON, from which the client generates forms, lists and the live preview. */
  definition: Template;
}

export const FACTOR_DATABASE_STATUSES = ['draft', 'published', 'archived'] as const;
export type FactorDatabaseStatus = (typeof FACTOR_DATABASE_STATUSES)[number];

/** An emission-factor database (a named, versioned set of factors). */
export interface FactorDatabaseRecord {
  id: number;
  /** null: a global database (maintained by the provider), visible to every mandant. */
  mandant_id: number | null;
  name: string;
  /** Human version label, e.g. `2025` (distinct from `version`, the optimistic-locking counter). */
  version_label: string;
  status: FactorDatabaseStatus;
  /** ISO date (YYYY-MM-DD) from which it is meant to be used, or null. */
  valid_from: string | null;
  source: string;
  /** The database this one was derived from, or null. */
  based_on_id: number | null;
  /** Demo values, not for reporting. */
  demo: boolean;
  /** When the provider admin rolled it out to all mandants, or null; see core/factor-database-default.ts. */
  rolled_out_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** One emission factor of a database. */
export interface FactorRecord {
  id: number;
  database_id: number;
  key: string;
  category: string;
  /** The unit the factor is per, e.g. `kWh`, `kg`, `t·km`. */
  unit: string;
  /** kg CO2e per unit. */
  value: number;
  label: LocalizedText;
  source: string;
  /** The year the figure refers to. */
  year: number | null;
  region: string | null;
  demo: boolean;
}

/** What a factor key may be (API body, factor CSV, the factor dialog): it is looked up by templates and formulas. */
export const FACTOR_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
/**
 * What a factor category may be (API body, factor CSV, the factor dialog): the names a template's factor field can
 * refer to (`category` in schemas/template.schema.json). Names such as `constructor` still match, so whatever
 * indexes by category must be a Map or a null-prototype object.
 */
export const FACTOR_CATEGORY_PATTERN = /^[a-z][a-z0-9_]{0,99}$/;
/** The years a factor's figure may refer to. */
export const FACTOR_YEARS = { min: 1900, max: 2200 } as const;

export const CALCULATION_STATUSES = ['draft', 'final'] as const;
export type CalculationStatus = (typeof CALCULATION_STATUSES)[number];

/** What the server computed and stored for a calculation: every figure traces to its factors. */
export interface CalculationResults {
  /** Result name → value in the result's unit. */
  values: Record<string, number>;
  /** Name of the primary result (its value is `total_co2e`). */
  primary: string;
  /** One entry per result, in the template's order. */
  breakdown: ResultBreakdown[];
  /** Every factor used, once. */
  factors: FactorUse[];
  /** The factor database the figures were computed with. */
  database: { id: number; name: string; version_label: string };
  /** Machine and energy figures of the mandant's machine set the results read (absent: none). */
  production?: ProductionUse[];
  /** The machine set those figures come from (absent: the results read none). */
  machine_set?: MachineSetRef;
}

/** A calculation as the API returns it. */
export interface CalculationRecord {
  id: number;
  mandant_id: number;
  /** Human-readable, unique per mandant: `K-<year>-<6 digits>`, e.g. `K-2026-000123`. */
  number: string;
  template_id: string;
  template_version: number;
  template_type: TemplateType;
  database_id: number;
  /** The machine set (the mandant's production data) the results read, or null when they read none. */
  machine_set_id: number | null;
  title: string;
  customer: string | null;
  tags: string[];
  status: CalculationStatus;
  inputs: CalculationInputs;
  results: CalculationResults;
  /** The primary result in kg CO2e. */
  total_co2e: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
  version: number;
  duplicated_from: number | null;
  import_id: number | null;
  /** Frozen by an order: inputs and results no longer change. */
  frozen: boolean;
}

/**
 * Body of `POST /api/calculations` (and of PUT, where every property is optional and `version`
 * is the optimistic-locking counter). `results`/`total_co2e` sent by a client are ignored: the
 * server computes them. `title` and `tags` are taken from `inputs` when the template has such
 * fields. A duplicate is a POST with `duplicated_from` set to the original's id.
 */
export interface CalculationWrite {
  template_id: string;
  /** Optional; must be a version the server still knows (else 400). Default: the current one. */
  template_version?: number;
  /** Default: the mandant's default database (settings.default_database_id). */
  database_id?: number;
  title?: string;
  customer?: string | null;
  tags?: string[];
  status?: CalculationStatus;
  inputs: CalculationInputs;
  duplicated_from?: number | null;
  /** Provider admins only: the mandant the calculation belongs to. */
  mandant_id?: number;
  version?: number;
}

// ---------------------------------------------------------------------------------------------
// Protocol (audit log, issue 7). Append-only: written by the server, read through GET /api/protocol.

export const PROTOCOL_ACTIONS = [
  'created',
  'updated',
  'duplicated',
  'deleted',
  'imported',
  'migrated',
  'ordered',
  'status_changed',
  'logged_in',
  'login_failed',
  'logged_out',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'invited',
  'resent',
  'revoked',
  'accepted',
] as const;
export type ProtocolAction = (typeof PROTOCOL_ACTIONS)[number];

/** One changed field of an update. `redacted`: a secret (e.g. a password) changed; its values are never stored. */
export interface ProtocolFieldChange {
  old?: unknown;
  new?: unknown;
  redacted?: true;
}

/** Field name → change. Only for updates (and the like); null otherwise. */
export type ProtocolChanges = Record<string, ProtocolFieldChange>;

/**
 * The data the summary is rendered from in the READER's language (never stored as finished text):
 * the message `protocol.summary.<key ?? action>` with `params` (plus `label` and `resource`).
 */
export interface ProtocolSummary {
  key?: string;
  params?: Record<string, string | number | boolean | null>;
}

/** An entry as `GET /api/protocol` answers it. */
export interface ProtocolEntryRecord {
  id: number;
  /** ISO 8601 UTC. */
  at: string;
  /** The mandant the entry belongs to (null: provider-level, visible to provider admins only). */
  mandant_id: number | null;
  /** The acting user (null for failed sign-ins and system work); name and e-mail as they were then. */
  user_id: number | null;
  user_email: string | null;
  user_name: string | null;
  action: ProtocolAction;
  /** Resource name as in the API (`users`, `calculations`, …) or `auth` for sign-in events. */
  resource: string | null;
  record_id: string | null;
  record_label: string | null;
  summary: ProtocolSummary;
  changes: ProtocolChanges | null;
  ip: string | null;
  /**
   * Names of the records the entry's changes point at by id (users, factor databases, mandants), resolved
   * when read and only those the reader may see; the protocol renders them in place of the ids.
   */
  refs?: ProtocolRefs;
}

/** Record id → name, per kind of record (`GET /api/protocol`). */
export interface ProtocolRefs {
  users?: Record<string, string>;
  databases?: Record<string, string>;
  mandants?: Record<string, string>;
}

/** A personal API token as `GET /api/auth/tokens` lists it (the secret itself is shown only once, on creation). */
export interface ApiTokenRecord {
  id: number;
  name: string;
  /** ISO 8601 UTC. */
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
}

/** `POST /api/auth/tokens`: a name and a lifetime in days (1 … API_TOKEN_MAX_DAYS). */
export interface CreateApiTokenRequest {
  name: string;
  expires_in_days: number;
}

/** The answer to `POST /api/auth/tokens`: the record plus the token, which is never shown again. */
export interface CreatedApiToken extends ApiTokenRecord {
  token: string;
}

export const API_TOKEN_MAX_DAYS = 365;
/** Personal API tokens start with this, so the server tells them from session tokens without a lookup. */
export const API_TOKEN_PREFIX = 'kontor_pat_';

// ---------------------------------------------------------------------------------------------
// Carbon offset projects and orders (issue 4). Quantities are integer kilograms (0.001 t) and
// money is integer minor units, so stock and prices are exact; the client formats them.

export const OFFSET_PROJECT_TYPES = ['cookstoves', 'wind', 'hydro', 'solar', 'forest', 'biogas', 'other'] as const;
export type OffsetProjectType = (typeof OFFSET_PROJECT_TYPES)[number];

/** A project of the global catalogue (`carbon-offset-projects`). Mandant users see active ones only. */
export interface OffsetProjectRecord {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  /** ISO 3166-1 alpha-2. */
  country: string;
  project_type: OffsetProjectType;
  /** e.g. "Gold Standard", "VCS". */
  standard: string;
  registry_id: string;
  registry_url: string | null;
  vintage: number;
  price_per_tonne_minor: number;
  /** ISO 4217, e.g. EUR. */
  currency: string;
  /** Stock in kg CO2e (1000 = one tonne). */
  tonnes_available_kg: number;
  /** UN Sustainable Development Goals (1–17). */
  sdgs: number[];
  /** Null: the client shows a local placeholder for the project type. */
  image_url: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
  version: number;
}

export const ORDER_STATUSES = ['draft', 'placed', 'confirmed', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_TRANSITIONS = ['place', 'confirm', 'complete', 'cancel'] as const;
export type OrderTransition = (typeof ORDER_TRANSITIONS)[number];

/** An order of a CO2 offset contribution for a calculation or a collection (`orders`). */
export interface OrderRecord {
  id: number;
  mandant_id: number;
  /** `B-<year>-<6 digits>`, unique per mandant. */
  number: string;
  project_id: number;
  calculation_id: number | null;
  collection_id: number | null;
  /** The calculations the order covers (one, or the collection's at ordering time). */
  calculation_ids: number[];
  /** Sum of the calculations' total_co2e in kg at ordering time. */
  co2e_kg: number;
  /** Ordered quantity in kg (the total rounded up to the mandant's step). */
  tonnes_kg: number;
  price_per_tonne_minor: number;
  total_minor: number;
  currency: string;
  status: OrderStatus;
  certificate_number: string | null;
  issued_to: string;
  created_by: number | null;
  placed_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** `GET /api/orders/quote?project_id=&calculation_id=|collection_id=`: what an order would cost. */
export interface OrderQuote {
  calculation_ids: number[];
  co2e_kg: number;
  tonnes_kg: number;
  rounding_kg: number;
  price_per_tonne_minor: number;
  total_minor: number;
  currency: string;
  issued_to: string;
}

// ---------------------------------------------------------------------------------------------
// Statistics (issue 7): `GET /api/statistics/<name>?from=YYYY-MM-DD&to=YYYY-MM-DD&mandant_id=&format=csv`.
// Every statistic answers the same shape — labelled columns and rows — so the client draws any of
// them as a chart, a table and a CSV file without knowing it in advance.

export const STATISTIC_NAMES = [
  'overview',
  'co2e_by_month',
  'offset_by_month',
  'co2e_by_template',
  'co2e_by_customer',
  'co2e_by_tag',
  'orders',
  'offsets_by_project',
  'offsets_by_standard',
  'top_calculations',
] as const;
export type StatisticName = (typeof STATISTIC_NAMES)[number];

/** How a column's numbers read: kg CO2e, a count, a share in percent, money in minor units of the row's `currency`. */
export type StatisticUnit = 'kg_co2e' | 'count' | 'percent' | 'money_minor';

export interface StatisticColumn {
  key: string;
  /** null: a label column (month, template, customer, …), the chart's category axis. */
  unit: StatisticUnit | null;
}

export type StatisticCell = string | number | null;

export interface StatisticsResult {
  name: StatisticName;
  /** Inclusive calendar days, UTC. */
  from: string;
  to: string;
  /** null: all mandants (provider admins only). */
  mandant_id: number | null;
  columns: StatisticColumn[];
  /** Rows may carry extra keys for links (e.g. `id` of a calculation, `template_id`). Empty: no data in the range. */
  rows: Array<Record<string, StatisticCell>>;
}

// ---------------------------------------------------------------------------------------------
// Collections (issue 4): a mandant's named sets of calculations, with totals computed by the server.

/** A collection as `GET /api/collections` answers it. Totals are in kg CO2e, summed by the database. */
export interface CollectionRecord {
  id: number;
  mandant_id: number;
  name: string;
  description: string | null;
  tags: string[];
  created_by: number | null;
  created_at: string;
  updated_at: string;
  version: number;
  /** The calculations in the collection, in the order they were added. */
  calculation_ids: number[];
  calculation_count: number;
  total_co2e: number;
  /** Sum over the calculations already ordered (frozen). */
  ordered_co2e: number;
  /** Sum over the calculations not yet offset (total − ordered). */
  open_co2e: number;
}

/** Compare (`/compare?ids=…`): between two and four calculations side by side. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

// ---------------------------------------------------------------------------------------------
// CSV imports (issue 5). `POST /api/imports` (raw CSV body, parameters in the query) answers an
// ImportReport; the `imports` resource lists the jobs (read only); `GET /api/imports/:id/errors.csv`,
// `POST /api/imports/:id/undo`, `POST /api/imports/:id/cancel`.

export const IMPORT_MODES = ['all_or_nothing', 'valid_rows'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportRecord {
  id: number;
  mandant_id: number;
  created_by: number | null;
  file_name: string;
  template_id: string;
  template_version: number;
  database_id: number | null;
  /** CSV header → field key (`quantity`, `transport.distance_km` for item 1, `transport[2].distance_km`) or null (ignored). */
  mapping: Record<string, string | null>;
  mode: ImportMode;
  status: ImportStatus;
  encoding: string | null;
  delimiter: string | null;
  rows_total: number;
  rows_ok: number;
  rows_failed: number;
  /** Why a failed import failed, in the importer's language (row errors are in import_errors). */
  message: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  version: number;
}

/** One row error, rendered in the reader's language. `row` is the 1-based data row (header not counted). */
export interface ImportRowError {
  row: number;
  column: string | null;
  value: string | null;
  message_key: string;
  message: string;
}

/** The answer to `POST /api/imports` (and to a dry run, which stores nothing: `import` is then null). */
export interface ImportReport {
  import: ImportRecord | null;
  dry_run: boolean;
  rows_total: number;
  rows_ok: number;
  rows_failed: number;
  encoding: string;
  delimiter: string;
  mapping: Record<string, string | null>;
  /** The first row errors (at most 100). */
  errors: ImportRowError[];
}

// ---------------------------------------------------------------------------------------------
// Factor databases and migrations (issue 6).

/** `POST /api/databases/:id/import` answer: the factors written (inserted or replaced by key). */
export interface FactorImportReport {
  inserted: number;
  updated: number;
}

export interface FactorDiffChange {
  key: string;
  category: string;
  unit: string;
  old: number;
  new: number;
  /** (new − old) / old × 100; null when old is 0. */
  percent: number | null;
}

/** `GET /api/databases/:id/diff?against=:other`: what changed from `against` (old) to `id` (new). */
/** `GET /api/factor-categories`: one category (its key, as templates name it) of the databases the caller may see. */
export interface FactorCategoryRecord {
  key: string;
  /** Distinct factor keys in the category, over those databases. */
  factor_count: number;
}

export interface FactorDatabaseDiff {
  from: FactorDatabaseRecord;
  to: FactorDatabaseRecord;
  added: FactorRecord[];
  removed: FactorRecord[];
  changed: FactorDiffChange[];
}

export const FACTOR_MIGRATION_STATUSES = ['previewed', 'applied', 'discarded', 'rolled_back'] as const;
export type FactorMigrationStatus = (typeof FACTOR_MIGRATION_STATUSES)[number];

export interface FactorMigrationSummary {
  /** Calculations the migration changes (excluded ones not counted). */
  count: number;
  excluded: number;
  /** kg CO2e over the counted calculations. */
  total_before: number;
  total_after: number;
  difference: number;
  percent: number | null;
}

/** `database`: recompute with another factor database; `template`: carry calculations over to another version of their template. */
export const MIGRATION_KINDS = ['database', 'template'] as const;
export type MigrationKind = (typeof MIGRATION_KINDS)[number];

/** A migration of a mandant's calculations to another factor database or template version (`/api/migrations`). */
export interface FactorMigrationRecord {
  id: number;
  mandant_id: number;
  kind: MigrationKind;
  /** Only calculations on this database were taken (null: every calculation not yet on the target). */
  from_database_id: number | null;
  /** The target factor database (kind `database`; null for a template migration). */
  to_database_id: number | null;
  /** Kind `template`: the template, the version taken from (null: every other version) and the target version. */
  template_id: string | null;
  from_template_version: number | null;
  to_template_version: number | null;
  /** The calculations-list filter the migration was made for (null: every calculation the target concerns). */
  filter: Record<string, unknown> | null;
  status: FactorMigrationStatus;
  created_by: number | null;
  created_by_name: string | null;
  applied_by: number | null;
  applied_by_name: string | null;
  summary: FactorMigrationSummary;
  created_at: string;
  updated_at: string;
  applied_at: string | null;
  rolled_back_at: string | null;
  version: number;
}

/** `POST /api/migrations`: preview a migration (nothing is written to calculations). */
export interface CreateFactorMigrationRequest {
  /** Default `database`. */
  kind?: MigrationKind;
  /** Kind `database`: the published target database. */
  to_database_id?: number;
  from_database_id?: number | null;
  /** Kind `template`: the template and its published target version (default: its current version). */
  template_id?: string;
  to_template_version?: number;
  from_template_version?: number | null;
  /** Only these calculations (e.g. a single one). */
  calculation_ids?: number[];
  /** Only the calculations this calculations-list filter matches (`filter` of `GET /api/calculations`), resolved on the server. */
  filter?: Record<string, unknown>;
  /** Provider admins: the mandant whose calculations migrate. */
  mandant_id?: number;
}

/** One calculation of a migration preview (`/api/migration-items?filter={"migration_id":…}`). */
export interface FactorMigrationItemRecord {
  id: number;
  migration_id: number;
  mandant_id: number;
  calculation_id: number;
  number: string;
  title: string;
  template_id: string;
  total_before: number;
  total_after: number | null;
  difference: number | null;
  percent: number | null;
  /** Why it is left out (`frozen`, `invalid: …`), or null. */
  excluded: string | null;
}

// ---------------------------------------------------------------------------------------------
// Template editor (issue 9): app-created template versions next to the shipped files.

/** `file`: shipped in `schemas/templates/` (always published, read only); `app`: created by a provider admin. */
export type TemplateSource = 'file' | 'app';
export type TemplateVersionStatus = 'draft' | 'published';

/**
 * What `GET /api/templates` adds to each `TemplateRecord`: provider admins also see templates that
 * only have drafts (their newest version then is the draft); everyone else sees published versions only.
 */
export interface TemplateEditorInfo {
  source: TemplateSource;
  status: TemplateVersionStatus;
  /** Number of versions the server knows (provider admins: including drafts). */
  version_count: number;
  /** Calculations over every version (provider admins only; 0 for others). */
  usage: number;
}

/** One version, as `GET /api/templates/:id/versions` answers it (newest first). */
export interface TemplateVersionRecord {
  /** `template_id@version`. */
  id: string;
  template_id: string;
  version: number;
  status: TemplateVersionStatus;
  source: TemplateSource;
  /** In the requesting user's language. */
  label: string;
  created_by: number | null;
  created_at: string | null;
  published_at: string | null;
  /** Number of calculations that use this version. */
  usage: number;
  definition: Template;
}

/**
 * `GET /api/template-load-errors` (provider admins): the template files the server did not load at startup, one entry
 * per fault, in the reader's language as far as the message catalogue knows it.
 */
export interface TemplateLoadErrorRecord {
  /** The file name in the templates folder (or the folder, when it could not be read). */
  file: string;
  /** JSON pointer into the file; `''` for the whole file. */
  pointer: string;
  message: string;
}

/**
 * `POST /api/templates`: saves a new template or a new version of an app-created one. `definition`
 * is the template JSON (an object, or its text as imported from a file); its `version` is ignored:
 * the server assigns the next one. `mode: 'new'` insists on a new id (save as new template, import).
 * Faults answer 400 `{message, errors: {"/json/pointer": message}}`; an id of a shipped template 409.
 */
export interface TemplateSaveRequest {
  definition: unknown;
  status?: TemplateVersionStatus;
  mode?: 'new' | 'version';
}

/** From which status each transition moves an order where; who may apply it is the access policy's (`core/access/policy.ts`). */
export const ORDER_TRANSITION_RULES: Record<OrderTransition, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  place: { from: ['draft'], to: 'placed' },
  confirm: { from: ['placed'], to: 'confirmed' },
  complete: { from: ['confirmed'], to: 'completed' },
  cancel: { from: ['draft', 'placed'], to: 'cancelled' },
};

/**
 * `GET /api/units`: one word unit of the global unit catalogue (`core/template/units.ts` displays them). Everyone
 * signed in reads the catalogue; provider admins keep it. Built-in units (seeded by migration 0021; shipped templates
 * use them) cannot be deleted or renamed.
 */
export interface UnitRecord {
  id: number;
  key: string;
  label: LocalizedText;
  singular: LocalizedText | null;
  builtin: boolean;
  created_at: string;
  updated_at: string;
  version: number;
}
