/**
 * Authentication and role checks for routes. They run as `onRequest` hooks, before the body is
 * parsed and validated, so a caller without the right gets 401/403 and never a 400 about a body:
 *   onRequest: [app.authenticate, requireAccess('update', 'users')]
 * Who may do what is the access policy's (`core/access/policy.ts`); no route lists roles of its own.
 * After `app.authenticate`, `currentUser(request)` is the signed-in SessionUser.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../core/api';
import { can, type Action, type Resource } from '../../core/access/policy';
import type { DatabaseSchema } from '../db/schema';
import { forbidden, unauthorized } from '../refusals';
import { resolveSession } from './sessions';
import { isApiToken, resolveApiToken, withApiTokens } from '../api-tokens/store';

/** Usable as onRequest, preValidation or preHandler hook. */
export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`; null before it ran or on public routes. */
    user: SessionUser | null;
    sessionId: number | null;
    /** The API token the request came with (null for a session), so a password change can keep it. */
    apiTokenId: number | null;
  }
  interface FastifyInstance {
    authenticate: RouteHook;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

export function registerAuthentication(app: FastifyInstance, db: Kysely<DatabaseSchema>, ttlHours: number): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiTokenId', null);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    if (isApiToken(token)) {
      // A personal API token acts as its user; it has no session (sessionId stays null).
      const resolved = await resolveApiToken(withApiTokens(db), token);
      if (!resolved) throw unauthorized('errors.auth.tokenInvalid');
      request.user = resolved.user;
      request.sessionId = null;
      request.apiTokenId = resolved.tokenId;
      return;
    }
    const session = await resolveSession(db, token, ttlHours);
    if (!session) throw unauthorized('errors.auth.sessionExpired');
    request.user = session.user;
    request.sessionId = session.sessionId;
  });
}

/** The signed-in user; a 401 if the route forgot `app.authenticate`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** 403 unless the signed-in user may do `action` (or, given several, any of them) on `resource`. */
export function requireAccess(action: Action | readonly Action[], resource: Resource): RouteHook {
  const actions: readonly Action[] = typeof action === 'string' ? [action] : action;
  return async function checkAccess(request: FastifyRequest) {
    const { role } = currentUser(request);
    if (!actions.some((a) => can(role, a, resource))) throw forbidden();
  };
}
