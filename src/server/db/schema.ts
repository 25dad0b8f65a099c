/**
 * Kysely table types. Values are typed as the drivers return them, before `db/values.ts` (`recordOfRow`,
 * `toBoolean`, `parseJson`) normalises them: booleans arrive as 0/1 from SQLite and as true/false from PostgreSQL, JSON
 * columns as text (SQLite) or parsed objects (PostgreSQL jsonb), timestamps as ISO 8601 UTC text.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Role } from '../../core/api';
import type { Language } from '../../core/languages';

/** What a boolean column holds before `toBoolean` (SQLite has no boolean type). */
export type DbBoolean = boolean | number;
/** What a JSON column holds before `parseJson`. Write it with `JSON.stringify`. */
export type DbJson = string | object;

export interface MandantsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  active: DbBoolean;
  settings: DbJson;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** The columns a user and an invitation to become one share (invitations/table.ts). */
export interface AccountColumns {
  mandant_id: number | null;
  /** Stored lower-case so the unique index is case-insensitive on both dialects. */
  email: string;
  name: string;
  role: Role;
  language: Language;
}

export interface UsersTable extends AccountColumns {
  id: Generated<number>;
  password_hash: string;
  active: DbBoolean;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_seen_at: string;
  user_agent: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
}

/** One counter of failed sign-ins (auth/login-throttle.ts); '' where the scope does not use email or ip. */
export interface LoginThrottleTable {
  /**
   * pair, address, account: sign-in attempts; device: sign-ins from a trusted device (ip holds the device token's
   * hash); password: current-password checks of a signed-in account; link: invitation and reset links per address.
   */
  scope: 'pair' | 'address' | 'account' | 'device' | 'password' | 'link';
  email: string;
  ip: string;
  failures: number;
  last_failure_at: string;
  blocked_until: string;
}

/** An address an account has signed in from; the per-address and per-account budgets do not apply to it. */
export interface LoginKnownAddressesTable {
  email: string;
  ip: string;
  last_success_at: string;
}

/** A device (browser) an account has signed in from: SHA-256 of the device cookie's token (auth/login-throttle.ts). */
export interface LoginDevicesTable {
  token_hash: string;
  email: string;
  last_success_at: string;
}

export interface FactorDatabasesTable {
  id: Generated<number>;
  /** null: a global database, visible to every mandant. */
  mandant_id: number | null;
  name: string;
  version_label: string;
  status: 'draft' | 'published' | 'archived';
  valid_from: string | null;
  source: string;
  based_on_id: number | null;
  demo: DbBoolean;
  /** The GWP set of its CO2e figures, e.g. "IPCC AR6 GWP100"; '' not stated. */
  gwp_set: Generated<string>;
  /** When the provider admin rolled it out to all mandants (the newest roll-out is the default), or null. */
  rolled_out_at: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface FactorsTable {
  id: Generated<number>;
  database_id: number;
  key: string;
  category: string;
  unit: string;
  /** kg CO2e per unit. */
  value: number;
  /** LocalizedText. */
  label: DbJson;
  source: string;
  year: number | null;
  region: string | null;
  demo: DbBoolean;
  /** core/data-quality.ts DataType. */
  data_type: Generated<string>;
  /** core/data-quality.ts Technology. */
  technology: Generated<string>;
  /** core/api/factors.ts DeclarationKind: the mill's declaration the figure is taken from, or null. */
  declaration_kind: string | null;
  /** kg biogenic CO2 per unit, reported apart from `value`, never added to it. */
  biogenic_co2: number | null;
  /** Whether the declared figure includes delivery to the printer; null not stated. */
  delivery_included: DbBoolean | null;
}

/** A factor category's name in the five languages; mandant_id null: the provider's, seen by every mandant. */
export interface FactorCategoriesTable {
  id: Generated<number>;
  mandant_id: number | null;
  key: string;
  /** LocalizedText. */
  label: DbJson;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface CalculationCountersTable {
  mandant_id: number;
  year: number;
  /** The last number handed out for this mandant and year. */
  last: number;
}

/**
 * A calculation: what identifies and lists it. What a migration rewrites lives in its CalculationStateTable row
 * (migration 0032); every writer writes both in one transaction, every reader joins them on calculation_id = id.
 */
export interface CalculationsTable {
  id: Generated<number>;
  mandant_id: number;
  /** `K-<year>-<6 digits>`, unique per mandant. */
  number: string;
  template_id: string;
  template_type: string;
  title: string;
  customer: string | null;
  /** string[] */
  tags: DbJson;
  status: 'draft' | 'final';
  inputs: DbJson;
  created_by: number | null;
  created_at: string;
  duplicated_from: number | null;
  import_id: number | null;
  frozen: DbBoolean;
  /** Where it came from: `storefront:<id>` (migration 0067), null for the back office. */
  channel: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop's own order reference, with a channel. */
  channel_reference: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A storefront (migration 0060): the storefronts module merges it into the schema with its other tables; it is typed
 * here because the modules below storefronts read its name beside a channel (calculations/channel-names.ts).
 */
export interface StorefrontsTable {
  id: Generated<number>;
  mandant_id: number;
  name: string;
  active: DbBoolean;
  /** StorefrontOffer[] */
  offers: DbJson;
  /** string[] */
  origins: DbJson;
  colour: string;
  logo_url: string | null;
  contribution_project_id: number | null;
  /** Whether the config sends what computing in the shop's page needs (migration 0071; default true). */
  compute_in_page: Generated<DbBoolean>;
  publishable_key: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/**
 * What a migration apply and rollback rewrite of a calculation, one row per calculation (migration 0032): a narrow
 * row with few indexes, so bulk updates stay cheap (HOT on PostgreSQL). mandant_id and created_at are copies of
 * the calculation's, written once (the indexes lead with them).
 */
export interface CalculationStateTable {
  calculation_id: number;
  mandant_id: number;
  created_at: string;
  /** A copy of the calculation's (which never changes), for the (mandant, template, total) index. */
  template_id: string;
  /**
   * A copy of the calculation's (migration 0072), for the (mandant, type, total) index and the statistics' index: it
   * changes with the calculation's when a template version of another type is chosen (an edit, a template migration).
   */
  template_type: string;
  template_version: number;
  database_id: number;
  /** The machine set the results read (migration 0022), or null. */
  machine_set_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** CalculationResults (values, breakdown, factors, database). */
  results: DbJson;
  total_co2e: number;
  updated_by: number | null;
  updated_at: string;
  version: Generated<number>;
}

/**
 * How many calculations a mandant has per template type, template and status (migration 0031): triggers keep it, except
 * that on SQLite a bulk writer (an import, a migration) updates it once per batch instead (0058).
 */
export interface CalculationListCountsTable {
  mandant_id: number;
  template_type: string;
  template_id: string;
  status: string;
  calculations: number;
}

/** One row per tag of a calculation (derived from calculations.tags, kept in sync on write). */
export interface CalculationTagsTable {
  calculation_id: number;
  mandant_id: number;
  tag: string;
  /**
   * Copies of the calculation's, for the tag statistic (migration 0011). Every writer passes them (calculations/tags.ts,
   * calculations/bulk-write.ts): SQLite's fill trigger went in 0017, PostgreSQL's still fills an insert that leaves them out.
   */
  created_at: ColumnType<string | null, string | undefined, never>;
  total_co2e: ColumnType<number | null, number | undefined, never>;
}

/**
 * All tables. A feature adds its tables from its own module by declaration merging, so this file
 * need not change for every resource:
 *   declare module '../db/schema' { interface DatabaseSchema { calculations: CalculationsTable } }
 * (plus a migration listed in db/schema-migrations/index.ts). Tenant tables carry `mandant_id`.
 */
export interface DatabaseSchema {
  mandants: MandantsTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  login_throttle: LoginThrottleTable;
  login_known_addresses: LoginKnownAddressesTable;
  login_devices: LoginDevicesTable;
  factor_databases: FactorDatabasesTable;
  factors: FactorsTable;
  factor_categories: FactorCategoriesTable;
  calculation_counters: CalculationCountersTable;
  calculations: CalculationsTable;
  calculation_state: CalculationStateTable;
  calculation_tags: CalculationTagsTable;
  calculation_list_counts: CalculationListCountsTable;
}
