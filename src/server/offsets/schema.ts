/** Table types of the offset catalogue, merged into the shared schema (see db/schema.ts). */
import type { Generated } from 'kysely';
import type { OffsetProjectType } from '../../core/api';
import type { DbBoolean, DbJson } from '../db/schema';

export interface OffsetProjectsTable {
  id: Generated<number>;
  /** LocalizedText */
  name: DbJson;
  /** LocalizedText */
  description: DbJson;
  country: string;
  project_type: OffsetProjectType;
  standard: string;
  registry_id: string;
  registry_url: string | null;
  vintage: number;
  price_per_tonne_minor: number;
  currency: string;
  /** bigint: PostgreSQL answers it as a string. */
  tonnes_available_kg: number | string;
  /** number[] */
  sdgs: DbJson;
  image_url: string | null;
  active: DbBoolean;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    offset_projects: OffsetProjectsTable;
  }
}
