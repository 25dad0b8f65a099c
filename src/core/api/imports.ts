/**
 * CSV imports of calculations. `POST /api/imports` (raw CSV body, parameters in the query) answers an ImportReport;
 * the `imports` resource lists the jobs (read only); `GET /api/imports/:id/errors.csv`, `POST /api/imports/:id/undo`,
 * `POST /api/imports/:id/cancel`.
 */
import type { Static } from 'typebox';
import {
  MandantRecordHead,
  MAX_INT32,
  Nullable,
  RecordId,
  StringEnum,
  StringMap,
  Timestamps,
  Type,
  UserRef,
  VersionedFields,
} from './schema';

export const IMPORT_MODES = ['all_or_nothing', 'valid_rows'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** How many data rows the CSV has, and how many of them were (or would be) imported or failed. */
const importRowCounts = {
  rows_total: Type.Integer(),
  rows_ok: Type.Integer(),
  rows_failed: Type.Integer(),
};

/** CSV header → field key (`quantity`, `transport.distance_km` for item 1, `transport[2].distance_km`) or null (ignored). */
const ImportMapping = StringMap(Nullable(Type.String()));

export const ImportRecord = Type.Object({
  ...MandantRecordHead,
  created_by: UserRef(),
  file_name: Type.String(),
  template_id: Type.String(),
  template_version: Type.Integer(),
  database_id: Nullable(Type.Integer()),
  mapping: ImportMapping,
  mode: StringEnum(IMPORT_MODES),
  status: StringEnum(IMPORT_STATUSES),
  encoding: Nullable(Type.String()),
  delimiter: Nullable(Type.String()),
  ...importRowCounts,
  /** Why a failed import failed, in the importer's language (row errors are in import_errors). */
  message: Nullable(Type.String()),
  ...Timestamps,
  finished_at: Nullable(Type.String()),
  version: VersionedFields.version,
});
export type ImportRecord = Static<typeof ImportRecord>;

/** One row error, rendered in the reader's language. `row` is the 1-based data row (header not counted). */
export const ImportRowError = Type.Object({
  row: Type.Integer(),
  column: Nullable(Type.String()),
  value: Nullable(Type.String()),
  message_key: Type.String(),
  message: Type.String(),
});
export type ImportRowError = Static<typeof ImportRowError>;

/** The answer to `POST /api/imports` (and to a dry run, which stores nothing: `import` is then null). */
export const ImportReport = Type.Object({
  import: Type.Unsafe<ImportRecord | null>({ anyOf: [ImportRecord, { type: 'null' }] }),
  dry_run: Type.Boolean(),
  ...importRowCounts,
  encoding: Type.String(),
  delimiter: Type.String(),
  mapping: ImportMapping,
  /** The first row errors (at most 100). */
  errors: Type.Array(ImportRowError),
});
export type ImportReport = Static<typeof ImportReport>;

/** `POST /api/imports?…`: the parameters of an upload (the CSV itself is the raw body). */
export const ImportUploadQuery = Type.Object({
  template: Type.String({ minLength: 1, maxLength: 200 }),
  template_version: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INT32 })),
  database_id: Type.Optional(RecordId()),
  /** Provider admins: the mandant the calculations belong to. */
  mandant_id: Type.Optional(RecordId()),
  /** ImportMapping as JSON text. */
  mapping: Type.Optional(Type.String({ maxLength: 100_000 })),
  mode: Type.Optional(StringEnum(IMPORT_MODES, { default: 'all_or_nothing' })),
  dry_run: Type.Optional(Type.Boolean({ default: false })),
  file_name: Type.Optional(Type.String({ maxLength: 500, default: 'import.csv' })),
});
