/**
 * Protocol entries of sign-in events (auth/routes.ts). Sign-in, sign-out and failed attempts are
 * `auth` events; password resets and changes concern the user record (`users`). The subject user
 * is also the actor, except for a failed sign-in, which names only the address that was tried.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ProtocolAction, ProtocolChanges } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { recordProtocol } from './record';

export interface AuthSubject {
  id: number;
  email: string;
  name: string;
  mandant_id: number | null;
}

type AuthAction = Extract<
  ProtocolAction,
  'logged_in' | 'login_failed' | 'logged_out' | 'password_reset_requested' | 'password_reset' | 'password_changed'
>;

const RESOURCE: Record<AuthAction, string> = {
  logged_in: 'auth',
  logged_out: 'auth',
  login_failed: 'auth',
  password_reset_requested: 'users',
  password_reset: 'users',
  password_changed: 'users',
};

/** Records an event of `subject` (pass the transaction the event's own writes use). */
export async function recordAuthEvent(
  db: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  action: AuthAction,
  subject: AuthSubject,
  changes?: ProtocolChanges,
): Promise<void> {
  await recordProtocol(db, {
    action,
    resource: RESOURCE[action],
    recordId: subject.id,
    recordLabel: subject.email,
    mandantId: subject.mandant_id,
    actor: { id: subject.id, email: subject.email, name: subject.name },
    summary: { params: { email: subject.email } },
    changes: changes ?? null,
    ip: request.ip,
  });
}

/**
 * A failed sign-in: the address tried, and the account's mandant if the address belongs to one
 * (so its admins see attacks on their users). No actor: nobody was signed in.
 */
export async function recordFailedLogin(
  db: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  email: string,
  account: { id: number; mandant_id: number | null } | null,
): Promise<void> {
  await recordProtocol(db, {
    action: 'login_failed',
    resource: 'auth',
    recordId: account?.id ?? null,
    recordLabel: email,
    mandantId: account?.mandant_id ?? null,
    actor: { id: null, email, name: null },
    summary: { params: { email } },
    ip: request.ip,
  });
}
