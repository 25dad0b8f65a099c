/**
 * Authentication and role checks for routes. They run as `onRequest` hooks, before the body is
 * parsed and validated, so a caller without the right gets 401/403 and never a 400 about a body. A route states them
 * with `...allowedTo(app, 'update', 'users')` or `...signedIn(app)` (`http/request-user.ts`).
 * Who may do what is the access policy's (`core/access/policy.ts`); no route lists roles of its own.
 * After `app.authenticate`, `currentUser(request)` is the signed-in SessionUser. The request's user, `currentUser`,
 * `requireAccess` and the route options on it are the HTTP platform's (`http/request-user.ts`; `currentUser` and the
 * route options are re-exported here); this module fills them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { unauthorized } from '../refusals';
import { resolveSession } from './sessions';

export { allowedTo, currentUser, signedIn } from '../http/request-user';
import { isApiToken, resolveApiToken, withApiTokens } from './api-token-lookup';

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
