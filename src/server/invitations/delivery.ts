/**
 * Sending an invitation: a fresh single-use link (the previous one dies with it) and the mail.
 * An address that already has an account gets a mail saying so instead of a link; everything else —
 * the writes, the queries, the answer the admin sees — is the same, so the admin learns nothing
 * about accounts outside their mandant.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { INVITATION_TTL_DAYS, type InvitationRecord } from '../../core/api';
import { hashToken, newToken } from '../auth/tokens';
import type { DatabaseSchema } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { accountExistsMail, invitationMail } from '../mail/messages';
import { unavailable } from '../refusals';
import './table';

export interface InvitationDelivery {
  mailer: Mailer;
  publicUrl: string;
}

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;

/**
 * Gives the invitation a new token and mails it; call inside the write's transaction, so a mail that
 * cannot be sent rolls the invitation (or the resend) back and the admin is told.
 */
export async function deliverInvitation(
  db: Kysely<DatabaseSchema>,
  delivery: InvitationDelivery,
  invitation: InvitationRecord,
  log: FastifyBaseLogger,
): Promise<void> {
  const token = newToken();
  await db
    .updateTable('invitations')
    .set({ token_hash: hashToken(token) })
    .where('id', '=', invitation.id)
    .execute();
  const account = await db.selectFrom('users').select('id').where('email', '=', invitation.email).executeTakeFirst();
  const mandant =
    invitation.mandant_id === null
      ? undefined
      : await db.selectFrom('mandants').select('name').where('id', '=', invitation.mandant_id).executeTakeFirst();
  const base = delivery.publicUrl;
  const mail = account
    ? accountExistsMail(
        invitation.email,
        invitation.name,
        invitation.language,
        `${base}/login`,
        `${base}/login/forgot-password`,
      )
    : invitationMail(
        invitation.email,
        invitation.name,
        invitation.language,
        mandant?.name ?? null,
        `${base}/login/invitation?token=${encodeURIComponent(token)}`,
        INVITATION_TTL_DAYS,
      );
  try {
    await delivery.mailer.send(mail);
  } catch (err) {
    log.error({ err }, 'invitation mail could not be sent');
    throw unavailable('errors.invitations.sendFailed');
  }
}
