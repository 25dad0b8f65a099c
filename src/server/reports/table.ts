/** Kysely type of the publications table (migration 0029), merged into DatabaseSchema. */
import type { Generated } from 'kysely';
import type { DbJson } from '../db/schema';

export interface PublicationsTable {
  id: Generated<number>;
  mandant_id: number;
  token: string;
  subject_type: string;
  subject_id: number;
  language: string;
  /** The subject's number or name at publication (lists and the protocol). */
  label: string;
  /** PublishedSnapshot */
  snapshot: DbJson;
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    publications: PublicationsTable;
  }
}
