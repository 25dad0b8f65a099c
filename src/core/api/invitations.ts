/** Invitations: an admin invites by name, address and role; the invitee sets their own password. */
import type { Language } from '../languages';
import type { Role } from './users';

/**
 * An open invitation as `GET /api/invitations` lists it (never its token). An admin invites by name,
 * address and role; the invitee sets their own password through the mailed link. Whether the address
 * already has an account is never shown: that invitation looks exactly like any other.
 */
export interface InvitationRecord {
  id: number;
  /** null: an invitation to become a provider admin. */
  mandant_id: number | null;
  email: string;
  name: string;
  role: Role;
  /** The language of the mail and of the account to be created. */
  language: Language;
  /** The admin who invited (null once that account is gone). */
  invited_by: number | null;
  /** When the current link was mailed (creation or the last resend). */
  sent_at: string;
  /** The link works until then; a resend starts a new period. */
  expires_at: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** `POST /api/auth/accept-invitation`: the token from the link and the invitee's own password. */
export interface AcceptInvitationRequest {
  token: string;
  password: string;
}

/** The answer: the address of the account just created, to sign in with. */
export interface AcceptInvitationResponse {
  email: string;
}
