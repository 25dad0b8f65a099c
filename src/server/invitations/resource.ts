/**
 * The `invitations` resource: the open invitations of a mandant (provider admins: of all mandants and
 * to become provider admin). Create = invite (the mail goes out in the same transaction), delete =
 * revoke; an invitation is never edited (revoke and invite again). Resending and accepting are routes
 * of their own (routes.ts). Accepting or revoking removes the row; the protocol keeps the history.
 */
import { DEFAULT_LANGUAGE } from '../../core/languages';
import { CreateInvitationRequest, InvitationRecord, UpdateInvitationRequest } from '../../core/api';
import { normaliseEmail } from '../auth/routes';
import { hashToken, newToken } from '../auth/tokens';
import { isoNow } from '../db/values';
import { badRequest, conflict } from '../refusals';
import { versionFields, type RestResourceDefinition, type Row } from '../http/rest-resource';
import { accountFields, checkPlacement } from '../users/resource';
import { deliverInvitation, INVITATION_TTL_MS, type InvitationDelivery } from './delivery';
import './table';

export function toInvitationRecord(row: Row): InvitationRecord {
  return {
    id: Number(row.id),
    ...accountFields(row),
    invited_by: row.invited_by === null ? null : Number(row.invited_by),
    sent_at: String(row.sent_at),
    expires_at: String(row.expires_at),
    ...versionFields(row),
  };
}

type InvitationsResource = RestResourceDefinition<
  InvitationRecord,
  typeof CreateInvitationRequest,
  typeof UpdateInvitationRequest
>;

export function invitationsResource(delivery: InvitationDelivery): InvitationsResource {
  return {
    name: 'invitations',
    table: 'invitations',
    tenantColumn: 'mandant_id',
    searchable: ['name', 'email'],
    access: 'invitations',
    toRecord: toInvitationRecord,
    recordSchema: InvitationRecord,
    createSchema: CreateInvitationRequest,
    updateSchema: UpdateInvitationRequest,

    async beforeCreate(body, ctx) {
      const email = normaliseEmail(body.email);
      const role = body.role;
      const mandantId = await checkPlacement(ctx, role, body.mandant_id);
      // Only the caller's own mandant is looked at, so this answer reveals nothing about other mandants.
      let open = ctx.db.selectFrom('invitations').select('id').where('email', '=', email);
      open = mandantId === null ? open.where('mandant_id', 'is', null) : open.where('mandant_id', '=', mandantId);
      if (await open.executeTakeFirst()) {
        throw conflict('errors.invitations.alreadyOpen', {
          email: 'errors.invitations.alreadyInvited',
        });
      }
      const now = isoNow();
      return {
        email,
        name: body.name.trim(),
        role,
        language: body.language ?? DEFAULT_LANGUAGE,
        mandant_id: mandantId,
        // Replaced by deliverInvitation's token before the transaction commits; nobody ever holds this one.
        token_hash: hashToken(newToken()),
        invited_by: ctx.user.id,
        sent_at: now,
        expires_at: isoNow(INVITATION_TTL_MS),
      };
    },

    async beforeUpdate() {
      throw badRequest('errors.invitations.immutable');
    },

    async onChange(change, ctx) {
      if (change.operation === 'create') await deliverInvitation(ctx.db, delivery, change.record, ctx.request.log);
    },

    protocol(change) {
      const action = change.operation === 'create' ? 'invited' : change.operation === 'delete' ? 'revoked' : undefined;
      // The address identifies an invitation better than the name; neither the token nor its hash is in the record.
      return { action, label: change.record.email, params: { role: change.record.role } };
    },
  };
}
