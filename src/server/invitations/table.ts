/** The `invitations` table's Kysely type, merged into DatabaseSchema from here (migration 0018_invitations). */
import type { Generated } from 'kysely';
import type { AccountColumns } from '../db/schema';

/** `email` is stored lower-case, like users.email. */
export interface InvitationsTable extends AccountColumns {
  id: Generated<number>;
  /** SHA-256 (hex) of the link's token; the token itself is only ever in the mail. */
  token_hash: string;
  invited_by: number | null;
  sent_at: string;
  expires_at: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    invitations: InvitationsTable;
  }
}
