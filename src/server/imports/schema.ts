/** Table types of the import tables (migration 0007_imports). */
import type { Generated } from 'kysely';
import type { ImportMode, ImportStatus } from '../../core/api';
import type { DbJson } from '../db/schema';

export interface ImportsTable {
  id: Generated<number>;
  mandant_id: number;
  created_by: number | null;
  file_name: string;
  template_id: string;
  template_version: number;
  database_id: number | null;
  mapping: DbJson;
  mode: ImportMode;
  status: ImportStatus;
  encoding: string | null;
  delimiter: string | null;
  rows_total: number;
  rows_ok: number;
  rows_failed: number;
  message: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  version: Generated<number>;
}

export interface ImportErrorsTable {
  id: Generated<number>;
  import_id: number;
  row: number;
  column: string | null;
  value: string | null;
  message_key: string;
  /** `{ fault: Fault }` (a message key with params, worded on read); rows stored before 2026-11 hold `{ messages: LocalizedText }`. */
  params: DbJson;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    imports: ImportsTable;
    import_errors: ImportErrorsTable;
  }
}
