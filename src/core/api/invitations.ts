/** Invitations: an admin invites by name, address and role; the invitee sets their own password. */
import type { Static } from 'typebox';
import { Nullable, OptionalFields, StringEnum, Type, UserRef, VersionedFields } from './schema';
import { AccountFields, AccountRequestFields } from './users';

/**
 * An open invitation as `GET /api/invitations` lists it (never its token). An admin invites by name,
 * address and role; the invitee sets their own password through the mailed link. Whether the address
 * already has an account is never shown: that invitation looks exactly like any other.
 * `mandant_id` null: an invitation to become a provider admin; `language`: of the mail and of the account to be created.
 */
export const InvitationRecord = Type.Object({
  id: Type.Integer(),
  ...AccountFields,
  /** The admin who invited (null once that account is gone). */
  invited_by: UserRef(),
  /** When the current link was mailed (creation or the last resend). */
  sent_at: Type.String(),
  /** The link works until then; a resend starts a new period. */
  expires_at: Type.String(),
  ...VersionedFields,
});
export type InvitationRecord = Static<typeof InvitationRecord>;

/** An invitee's name must hold more than blanks: it becomes the account's name as it is. */
const invitationFields = {
  ...AccountRequestFields,
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
};

/** `POST /api/invitations`: invite (the mail goes out with it); without a language the default one. */
export const CreateInvitationRequest = Type.Object({
  email: invitationFields.email,
  name: invitationFields.name,
  role: invitationFields.role,
  language: Type.Optional(invitationFields.language),
  mandant_id: Type.Optional(invitationFields.mandant_id),
});

/** `PUT /api/invitations/:id` is always refused (revoke and invite again); the body is still checked like a create's. */
export const UpdateInvitationRequest = Type.Object(OptionalFields(invitationFields));

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** `POST /api/auth/accept-invitation` answer: the address of the account just created, to sign in with. */
export const AcceptInvitationResponse = Type.Object({ email: Type.String() });
export type AcceptInvitationResponse = Static<typeof AcceptInvitationResponse>;

/**
 * `GET /api/invitations/by-token?token=`: the token from the mailed link. A query, not a path segment: a path
 * `/by-token/{token}` would be ambiguous with `/{id}/resend`.
 */
export const InvitationTokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

/**
 * `GET /api/invitations/by-token?token=` (no sign-in): what the link's page says before the form is filled, namely
 * which account the invitee is about to create. Only the address and the mandant's name: the token holder is the
 * mailbox's owner, who read both in the mail. A used, revoked, replaced or expired link answers 404 with the reason.
 */
export const InvitationByToken = Type.Object({
  email: Type.String(),
  /** null: an invitation to become a provider admin (no mandant). */
  mandant: Nullable(Type.String()),
  status: StringEnum(['open'] as const),
});
export type InvitationByToken = Static<typeof InvitationByToken>;
