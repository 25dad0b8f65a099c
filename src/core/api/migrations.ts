/** Migrations of a mandant's calculations to another factor database or template version (`/api/migrations`). */
import type { Static } from 'typebox';
import {
  MandantRecordHead,
  MAX_INT32,
  Nullable,
  Opaque,
  RecordId,
  StringEnum,
  Timestamps,
  Type,
  UserRef,
  VersionedFields,
} from './schema';

export const FACTOR_MIGRATION_STATUSES = ['previewed', 'applied', 'discarded', 'rolled_back'] as const;
export type FactorMigrationStatus = (typeof FACTOR_MIGRATION_STATUSES)[number];
/** The steps after a preview, each `POST /api/migrations/:id/<step>`. */
export const MIGRATION_STEPS = ['apply', 'discard', 'rollback'] as const;
export type MigrationStep = (typeof MIGRATION_STEPS)[number];

export const FactorMigrationSummary = Type.Object({
  /** Calculations the migration changes (excluded ones not counted). */
  count: Type.Integer(),
  excluded: Type.Integer(),
  /** kg CO2e over the counted calculations. */
  total_before: Type.Number(),
  total_after: Type.Number(),
  difference: Type.Number(),
  percent: Nullable(Type.Number()),
});
export type FactorMigrationSummary = Static<typeof FactorMigrationSummary>;

/**
 * `database`: recompute with another factor database; `template`: carry calculations over to another version of their
 * template; `machine_set`: recompute with another published machine set of the mandant (issue 21).
 */
export const MIGRATION_KINDS = ['database', 'template', 'machine_set'] as const;
export type MigrationKind = (typeof MIGRATION_KINDS)[number];

/** A migration of a mandant's calculations to another factor database or template version (`/api/migrations`). */
export const FactorMigrationRecord = Type.Object({
  ...MandantRecordHead,
  kind: StringEnum(MIGRATION_KINDS),
  /** Only calculations on this database were taken (null: every calculation not yet on the target). */
  from_database_id: Nullable(Type.Integer()),
  /** The target factor database (kind `database`; null for a template migration). */
  to_database_id: Nullable(Type.Integer()),
  /** Kind `template`: the template, the version taken from (null: every other version) and the target version. */
  template_id: Nullable(Type.String()),
  from_template_version: Nullable(Type.Integer()),
  to_template_version: Nullable(Type.Integer()),
  /** Kind `machine_set`: only calculations on this set were taken (null: every one that reads another set), and the target. */
  from_machine_set_id: Nullable(Type.Integer()),
  to_machine_set_id: Nullable(Type.Integer()),
  /** The calculations-list filter the migration was made for (null: every calculation the target concerns). */
  filter: Nullable(Opaque<Record<string, unknown>>()),
  status: StringEnum(FACTOR_MIGRATION_STATUSES),
  created_by: UserRef(),
  created_by_name: Nullable(Type.String()),
  applied_by: UserRef(),
  applied_by_name: Nullable(Type.String()),
  summary: FactorMigrationSummary,
  ...Timestamps,
  applied_at: Nullable(Type.String()),
  rolled_back_at: Nullable(Type.String()),
  version: VersionedFields.version,
});
export type FactorMigrationRecord = Static<typeof FactorMigrationRecord>;

const TemplateVersion = () => Type.Integer({ minimum: 1, maximum: MAX_INT32 });

/** `POST /api/migrations`: preview a migration (nothing is written to calculations). */
export const CreateFactorMigrationRequest = Type.Object(
  {
    /** Default `database`. */
    kind: Type.Optional(StringEnum(MIGRATION_KINDS)),
    /** Kind `database`: the published target database. */
    to_database_id: Type.Optional(RecordId()),
    from_database_id: Type.Optional(Nullable(RecordId())),
    /** Kind `template`: the template and its published target version (default: its current version). */
    template_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    to_template_version: Type.Optional(TemplateVersion()),
    from_template_version: Type.Optional(Nullable(TemplateVersion())),
    /** Kind `machine_set`: the mandant's published target machine set (and optionally the set taken from). */
    to_machine_set_id: Type.Optional(RecordId()),
    from_machine_set_id: Type.Optional(Nullable(RecordId())),
    /** Only these calculations (e.g. a single one). */
    calculation_ids: Type.Optional(Type.Array(RecordId(), { maxItems: 10000 })),
    /** Only the calculations this calculations-list filter matches (`filter` of `GET /api/calculations`), resolved on the server. */
    filter: Type.Optional(Opaque<Record<string, unknown>>()),
    /** Provider admins: the mandant whose calculations migrate. */
    mandant_id: Type.Optional(Nullable(RecordId())),
  },
  { additionalProperties: false },
);
export type CreateFactorMigrationRequest = Static<typeof CreateFactorMigrationRequest>;

/** One calculation of a migration preview (`/api/migration-items?filter={"migration_id":…}`). */
export const FactorMigrationItemRecord = Type.Object({
  id: Type.Integer(),
  migration_id: Type.Integer(),
  mandant_id: Type.Integer(),
  calculation_id: Type.Integer(),
  number: Type.String(),
  title: Type.String(),
  template_id: Type.String(),
  total_before: Type.Number(),
  total_after: Nullable(Type.Number()),
  difference: Nullable(Type.Number()),
  percent: Nullable(Type.Number()),
  /** Why it is left out (`frozen`, `invalid: …`), or null. */
  excluded: Nullable(Type.String()),
});
export type FactorMigrationItemRecord = Static<typeof FactorMigrationItemRecord>;
