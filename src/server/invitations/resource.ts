/**
 * The `invitations` resource: the open invitations of a mandant (provider admins: of all mandants and
 * to become provider admin). Create = invite (the mail goes out in the same transaction), delete =
 * revoke; an invitation is never edited (revoke and invite again). Resending and accepting are routes
 * of their own (routes.ts). Accepting or revoking removes the row; the protocol keeps the history.
 */
import { LANGUAGES, DEFAULT_LANGUAGE } from '../../core/languages';
import { ROLES, type InvitationRecord, type Role } from '../../core/api';
import { normaliseEmail } from '../auth/routes';
import { hashToken, newToken } from '../auth/tokens';
import { isoNow } from '../db/values';
import { badRequest, conflict } from '../http/errors';
import type { RestResourceDefinition, Row } from '../http/rest-resource';
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
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  };
}

export const invitationRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    mandant_id: { type: ['integer', 'null'] },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: [...ROLES] },
    language: { type: 'string', enum: [...LANGUAGES] },
    invited_by: { type: ['integer', 'null'] },
    sent_at: { type: 'string' },
    expires_at: { type: 'string' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    version: { type: 'integer' },
  },
  required: ['id', 'mandant_id', 'email', 'name', 'role', 'language', 'invited_by', 'sent_at', 'expires_at', 'created_at', 'updated_at', 'version'],
} as const;

const invitationProperties = {
  email: { type: 'string', format: 'email', maxLength: 320 },
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  role: { type: 'string', enum: [...ROLES] },
  language: { type: 'string', enum: [...LANGUAGES] },
  mandant_id: { type: ['integer', 'null'] },
} as const;

export function invitationsResource(delivery: InvitationDelivery): RestResourceDefinition<InvitationRecord> {
  return {
    name: 'invitations',
    table: 'invitations',
    tenantColumn: 'mandant_id',
    columns: {
      id: { type: 'integer' },
      mandant_id: { type: 'integer' },
      email: { type: 'text' },
      name: { type: 'text' },
      role: { type: 'text' },
      language: { type: 'text' },
      invited_by: { type: 'integer' },
      sent_at: { type: 'timestamp' },
      expires_at: { type: 'timestamp' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      version: { type: 'integer' },
    },
    searchable: ['name', 'email'],
    access: 'invitations',
    toRecord: toInvitationRecord,
    recordSchema: invitationRecordSchema,
    createSchema: { type: 'object', properties: invitationProperties, required: ['email', 'name', 'role'] },
    updateSchema: { type: 'object', properties: invitationProperties },

    async beforeCreate(body, ctx) {
      const email = normaliseEmail(String(body.email));
      const role = body.role as Role;
      const mandantId = await checkPlacement(ctx, role, body.mandant_id as number | null | undefined);
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
        name: String(body.name).trim(),
        role,
        language: (body.language as string | undefined) ?? DEFAULT_LANGUAGE,
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
