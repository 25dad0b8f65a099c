/**
 * The invitation routes that are not plain REST:
 *   POST /api/invitations/:id/resend        (admins)  → the invitation with a new link and expiry; the old link dies
 *   GET  /api/invitations/by-token?token=   (no sign-in) → the address and mandant the link creates; 404 with the reason
 *   POST /api/auth/accept-invitation {token, password} (no sign-in) → creates the account; answers its address
 * Accepting does not sign the invitee in: they sign in with the new password (the login page is where
 * the session, throttling and protocol of a sign-in live).
 */
import type { FastifyInstance } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import type { Kysely } from 'kysely';
import {
  AcceptInvitationResponse,
  InvitationByToken,
  InvitationRecord,
  InvitationTokenQuery,
  LinkPasswordRequest,
} from '../../core/api';
import { allowedTo } from '../auth/authenticate';
import { hashPassword } from '../auth/password';
import { admitLinkCheck, admitLinkPassword, releaseAttempt } from '../auth/login-throttle';
import { loadSessionUser } from '../auth/session-user';
import { assignableRoles, seesAllMandants } from '../../core/access/policy';
import { hashToken } from '../auth/tokens';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { badRequest, errorAnswers, notFound } from '../http/errors';
import { idParams } from '../http/record-id';
import { scopeToMandant } from '../http/tenant-scope';
import { typed } from '../http/typed-routes';
import { toUserRecord } from '../users/resource';
import { recordChange, sourceOf } from '../audit/change';
import { actorOf, recordProtocol } from '../audit/record';
import { deliverInvitation, INVITATION_TTL_MS, type InvitationDelivery } from './delivery';
import { toInvitationRecord } from './resource';

/**
 * The open invitation `token` names, if it may still be accepted: not expired, and its inviter still active and still
 * allowed to grant its role in its mandant — an invitation carries its sender's rights, so it ends with them.
 */
async function checkInvitation(
  db: Kysely<DatabaseSchema>,
  token: string,
  // Accepting answers a refused link 400 (the request failed); looking it up answers 404 (no such open invitation).
  refuse: typeof badRequest = badRequest,
): Promise<InvitationRecord> {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  // Accepted and revoked invitations are gone, and a resend replaces the token: all three end here.
  if (!row) throw refuse('errors.invitations.linkInvalid');
  const invitation = toInvitationRecord(row);
  if (invitation.expires_at <= isoNow()) throw refuse('errors.invitations.expired');
  const inviter = invitation.invited_by === null ? null : await loadSessionUser(db, invitation.invited_by);
  const stillAllowed =
    inviter !== null &&
    assignableRoles(inviter.role).includes(invitation.role) &&
    (seesAllMandants(inviter.role) || inviter.mandant_id === invitation.mandant_id);
  if (!stillAllowed) throw refuse('errors.invitations.inviterLacksRights');
  return invitation;
}

export function registerInvitationRoutes(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  delivery: InvitationDelivery,
): void {
  registerResendRoute(app, db, delivery);
  registerByTokenRoute(app, db);
  registerAcceptRoute(app, db);
}

/** `POST /api/invitations/:id/resend`: a new link and expiry, mailed again. */
function registerResendRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>, delivery: InvitationDelivery): void {
  typed(app).post(
    '/api/invitations/:id/resend',
    {
      ...allowedTo(app, 'update', 'invitations'),
      schema: {
        tags: ['invitations'],
        summary: 'Mail an open invitation again with a new link and a new expiry; the previous link stops working',
        params: idParams,
        response: { 200: InvitationRecord, ...errorAnswers(401, 403, 404, 503) },
      },
    },
    async (request): Promise<InvitationRecord> => {
      const source = sourceOf(request);
      const id = request.params.id;
      return db.transaction().execute(async (trx) => {
        const now = isoNow();
        // Scoped like every other tenant write: another mandant's invitation is a missing one.
        const updated = await scopeToMandant(
          trx
            .updateTable('invitations')
            .set((eb) => ({
              sent_at: now,
              expires_at: isoNow(INVITATION_TTL_MS),
              updated_at: now,
              version: eb('version', '+', 1),
            }))
            .where('id', '=', id),
          source.user,
          'mandant_id',
        ).executeTakeFirst();
        // The same message rest-resource gives for a missing id.
        if (Number(updated.numUpdatedRows) === 0)
          throw notFound(msg('errors.noRecord', { resource: 'invitations', id: id }));
        const invitation = toInvitationRecord(
          await trx.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        );
        await recordChange(trx, source, {
          action: 'resent',
          resource: 'invitations',
          record: invitation,
          label: invitation.email,
          params: { role: invitation.role },
        });
        // Last, so nothing after the mail can roll the new link back.
        await deliverInvitation(trx, delivery, invitation, request.log);
        return invitation;
      });
    },
  );
}

/** `GET /api/invitations/by-token`: what an invitation link creates, before the invitee sets a password. */
function registerByTokenRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  typed(app).get(
    '/api/invitations/by-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'The account an invitation link creates (address and mandant), asked before the password is set',
        querystring: InvitationTokenQuery,
        response: { 200: InvitationByToken, ...errorAnswers(404, 429) },
      },
    },
    async (request, reply): Promise<InvitationByToken> => {
      // Throttled per address like accepting: guessing tokens here must not be cheaper than there.
      const admission = await admitLinkCheck(db, request, reply);
      const invitation = await checkInvitation(db, request.query.token, notFound);
      await releaseAttempt(db, admission);
      const mandant =
        invitation.mandant_id === null
          ? undefined
          : await db.selectFrom('mandants').select('name').where('id', '=', invitation.mandant_id).executeTakeFirst();
      return { email: invitation.email, mandant: mandant ? String(mandant.name) : null, status: 'open' };
    },
  );
}

/** `POST /api/auth/accept-invitation`: the account, created with the invitee's own password. */
function registerAcceptRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  typed(app).post(
    '/api/auth/accept-invitation',
    {
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation: creates the account with the invitee’s own password (then sign in with it)',
        body: LinkPasswordRequest,
        response: { 200: AcceptInvitationResponse, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply): Promise<AcceptInvitationResponse> => {
      const { token, password } = request.body;
      // The inviter's rights are looked at with the token, before the password is hashed.
      const admission = await admitLinkPassword(db, request, reply, password, 'errors.auth.passwordTooShort');
      await checkInvitation(db, token);
      await releaseAttempt(db, admission);
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const now = isoNow();
        // Checked again inside the transaction: the invitation may have been accepted, revoked or resent meanwhile.
        const invitation = await checkInvitation(trx, token);
        const taken = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', invitation.email)
          .executeTakeFirst();
        // Only the mailbox's owner holds the token, so telling them about their own account reveals nothing.
        if (taken) throw badRequest('errors.invitations.accountExists');
        // Deleting by token hash claims the invitation: of two concurrent accepts only one deletes the row.
        const claimed = await trx
          .deleteFrom('invitations')
          .where('id', '=', invitation.id)
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirst();
        if (Number(claimed.numDeletedRows) === 0) {
          throw badRequest('errors.invitations.linkInvalid');
        }
        const inserted = await trx
          .insertInto('users')
          .values({
            mandant_id: invitation.mandant_id,
            email: invitation.email,
            name: invitation.name,
            role: invitation.role,
            language: invitation.language,
            password_hash: passwordHash,
            active: true,
            created_at: now,
            updated_at: now,
            version: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const user = toUserRecord(
          await trx.selectFrom('users').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow(),
        );
        // The invitee acts here (nobody is signed in), like a password reset.
        const actor = { id: user.id, email: user.email, name: user.name };
        const base = { mandantId: user.mandant_id, actor, ip: request.ip, at: now };
        await recordProtocol(trx, {
          ...base,
          action: 'accepted',
          resource: 'invitations',
          recordId: invitation.id,
          recordLabel: invitation.email,
          summary: { params: { role: invitation.role } },
        });
        // The account is the inviter's doing: the invitee only completed it (the 'accepted' entry above).
        const inviter = invitation.invited_by === null ? null : await loadSessionUser(trx, invitation.invited_by);
        await recordProtocol(trx, {
          ...base,
          ...(inviter && { actor: actorOf(inviter) }),
          action: 'created',
          resource: 'users',
          recordId: user.id,
          recordLabel: user.name,
        });
        return { email: user.email };
      });
    },
  );
}
