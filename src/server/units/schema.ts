/** Table type of the unit catalogue, merged into the shared schema (see db/schema.ts). */
import type { Generated } from 'kysely';
import type { DbBoolean, DbJson } from '../db/schema';

export interface UnitsTable {
  id: Generated<number>;
  key: string;
  /** LocalizedText */
  label: DbJson;
  /** LocalizedText or null */
  singular: DbJson | null;
  builtin: DbBoolean;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    units: UnitsTable;
  }
}
