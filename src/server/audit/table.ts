/** The `protocol` table's Kysely type, merged into DatabaseSchema from here (migration 0003_protocol). */
import type { Generated } from 'kysely';
import type { DbJson } from '../db/schema';

export interface ProtocolTable {
  id: Generated<number>;
  at: string;
  mandant_id: number | null;
  user_id: number | null;
  user_email: string | null;
  user_name: string | null;
  action: string;
  resource: string | null;
  record_id: string | null;
  record_label: string | null;
  /** ProtocolSummary */
  summary: DbJson;
  /** ProtocolChanges | null */
  changes: DbJson | null;
  ip: string | null;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    protocol: ProtocolTable;
  }
}
