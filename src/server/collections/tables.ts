/** Kysely types of the collection tables (migration 0005), merged into DatabaseSchema. */
import type { Generated } from 'kysely';
import type { DbJson } from '../db/schema';

export interface CollectionsTable {
  id: Generated<number>;
  mandant_id: number;
  name: string;
  description: string | null;
  /** string[] */
  tags: DbJson;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** Which calculations a collection holds; the pair is unique. */
export interface CollectionCalculationsTable {
  collection_id: number;
  calculation_id: number;
  mandant_id: number;
  added_at: string;
}

/** One row per tag of a collection, kept in sync with collections.tags on write. */
export interface CollectionTagsTable {
  collection_id: number;
  mandant_id: number;
  tag: string;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    collections: CollectionsTable;
    collection_calculations: CollectionCalculationsTable;
    collection_tags: CollectionTagsTable;
  }
}
