/**
 * Who is asking, as every route reads it: the signed-in user on the request and the access check against the one
 * policy (`core/access/policy.ts`). The auth module (`auth/authenticate.ts`) fills `request.user` in
 * `app.authenticate`; the engine and the modules only read it here, so the HTTP platform needs no auth module.
 * A route states who may call it with one of the two route options below, spread into its declaration:
 *   ...allowedTo(app, 'update', 'users')   // signed in, and the policy lets the user's role update users
 *   ...signedIn(app)                       // signed in; the handler scopes what the user sees
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * A route's options for "signed in and allowed to `action` `resource`": 401 without a user, 403 without the right.
 * Both run as `onRequest` hooks, before the body is parsed, so a caller without the right never gets a 400.
 */
export function allowedTo(app: FastifyInstance, action: Action | readonly Action[], resource: Resource) {
  return { onRequest: [app.authenticate, requireAccess(action, resource)] };
}

/** A route's options for "signed in", no resource rule: the handler scopes the answer to the user (or their mandant). */
export function signedIn(app: FastifyInstance) {
  return { onRequest: [app.authenticate] };
}
