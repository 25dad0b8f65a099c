/**
 * Who is asking, as every route reads it: the signed-in user on the request and the access check against the one
 * policy (`core/access/policy.ts`). The auth module (`auth/authenticate.ts`) fills `request.user` in
 * `app.authenticate`; the engine and the modules only read it here, so the HTTP platform needs no auth module.
 *   onRequest: [app.authenticate, requireAccess('update', 'users')]
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../core/api';
import { can, type Action, type Resource } from '../../core/access/policy';
import { forbidden, unauthorized } from '../refusals';

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
