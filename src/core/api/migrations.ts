/** Migrations of a mandant's calculations to another factor database or template version (`/api/migrations`). */

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
