/**
 * /api/auth/tokens: the signed-in user's personal API tokens.
 *   GET    /api/auth/tokens       → ApiTokenRecord[] (live and expired, not revoked), newest first
 *   POST   /api/auth/tokens       {name, expires_in_days} → 201 CreatedApiToken (the token is shown this once)
 *   DELETE /api/auth/tokens/:id   → 204 (revoked at once)
 * Creating a token needs a real sign-in: a token cannot mint further tokens (a leaked token must not outlive its
 * own expiry through children). Creating and revoking are written to the protocol (resource `api-tokens`, the
 * token's name and expiry, never the secret): a token acts as its user, so who made one and when matters.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { msg } from '../../core/i18n/error-keys';
import type { Kysely } from 'kysely';
import { ApiTokenRecord, CreateApiTokenRequest, CreatedApiToken } from '../../core/api';
import { NoContent } from '../../core/api/schema';
import type { DatabaseSchema } from '../db/schema';
import { currentUser, signedIn } from '../auth/authenticate';
import { conflict, errorAnswers, forbidden, notFound } from '../http/errors';
import { idParams } from '../http/record-id';
import { typed } from '../http/typed-routes';
import { recordChange } from '../audit/change';
import {
  countLiveApiTokens,
  createApiToken,
  listApiTokens,
  MAX_TOKENS_PER_USER,
  revokeApiToken,
  withApiTokens,
} from './store';

const errorResponses = errorAnswers(400, 401, 403, 404, 409);

/** What the protocol keeps of a token: never its secret. */
const protocolRecord = (token: ApiTokenRecord) => ({ id: token.id, name: token.name, expires_at: token.expires_at });

export function registerApiTokenRoutes(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  const db = withApiTokens(database);
  const api = typed(app);

  api.get(
    '/api/auth/tokens',
    {
      ...signedIn(app),
      schema: {
        tags: ['auth'],
        summary: 'Your personal API tokens (without the secrets)',
        response: { 200: Type.Array(ApiTokenRecord), ...errorResponses },
      },
    },
    async (request): Promise<ApiTokenRecord[]> => listApiTokens(db, currentUser(request).id),
  );

  api.post(
    '/api/auth/tokens',
    {
      ...signedIn(app),
      schema: {
        tags: ['auth'],
        summary: 'Create a personal API token; the answer is the only time the token is shown',
        body: CreateApiTokenRequest,
        response: { 201: CreatedApiToken, ...errorResponses },
      },
    },
    async (request, reply): Promise<CreatedApiToken> => {
      const user = currentUser(request);
      if (request.sessionId === null) throw forbidden('errors.auth.tokenNeedsPassword');
      if ((await countLiveApiTokens(db, user.id)) >= MAX_TOKENS_PER_USER) {
        throw conflict(msg('errors.apiTokens.tooMany', { max: MAX_TOKENS_PER_USER }));
      }
      const created = await database.transaction().execute(async (trx) => {
        const token = await createApiToken(
          withApiTokens(trx),
          user.id,
          request.body.name.trim(),
          request.body.expires_in_days,
        );
        await recordChange(trx, request, {
          action: 'created',
          resource: 'api-tokens',
          record: protocolRecord(token),
          label: token.name,
          mandantId: user.mandant_id,
        });
        return token;
      });
      return reply.status(201).send(created);
    },
  );

  api.delete(
    '/api/auth/tokens/:id',
    {
      ...signedIn(app),
      schema: {
        tags: ['auth'],
        summary: 'Revoke one of your personal API tokens',
        params: idParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await database.transaction().execute(async (trx) => {
        const token = await revokeApiToken(withApiTokens(trx), user.id, request.params.id);
        // Someone else's token answers like a missing one: ids of other users' tokens are not disclosed.
        if (!token) {
          throw notFound(msg('errors.apiTokens.noToken', { id: request.params.id }));
        }
        await recordChange(trx, request, {
          action: 'deleted',
          resource: 'api-tokens',
          record: protocolRecord(token),
          label: token.name,
          mandantId: user.mandant_id,
        });
      });
      return reply.status(204).send();
    },
  );
}
