/** The `invitations` table's Kysely type, merged into DatabaseSchema from here (migration 0018_invitations). */
import type { Generated } from 'kysely';
import type { Role } from '../../core/api';
import type { Language } from '../../core/languages';

export interface InvitationsTable {
  id: Generated<number>;
  mandant_id: number | null;
  /** Stored lower-case, like users.email. */
  email: string;
  name: string;
  role: Role;
  language: Language;
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
