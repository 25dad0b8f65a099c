/**
 * CSV imports of calculations. `POST /api/imports` (raw CSV body, parameters in the query) answers an ImportReport;
 * the `imports` resource lists the jobs (read only); `GET /api/imports/:id/errors.csv`, `POST /api/imports/:id/undo`,
 * `POST /api/imports/:id/cancel`.
 */

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
