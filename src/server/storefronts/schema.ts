/** Table types of the storefronts (migration 0060), merged into the shared schema (see db/schema.ts). */
import type { Generated } from 'kysely';
import type { DbBoolean, DbJson } from '../db/schema';

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
  publishable_key: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    storefronts: StorefrontsTable;
  }
}
