/**
 * Records and payloads that cross the HTTP boundary. Defined once here and used by the
 * server (route schemas, queries) and the client (data provider, screens).
 */
import type { Language, LocalizedText } from './languages';
import type { FactorUse, ResultBreakdown } from './formula/compute';
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
