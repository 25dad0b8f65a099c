/**
 * GET /api/health: liveness for load balancers and humans. While the database is away the process
 * keeps running and answers 503 with status "degraded"; it is "ok" again as soon as the database
 * answers (the pool reconnects by itself, no restart).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './db/schema';
import { pingDatabase, type Dialect } from './db/database';
import { HealthStatus } from '../core/api';
import { errorAnswers } from './http/errors';
import { APP_VERSION } from './version';
import { domainModule } from './platform';

export function registerHealthRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>, dialect: Dialect): void {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health of the server and its database',
        response: { 200: HealthStatus, ...errorAnswers(400), 503: HealthStatus },
      },
    },
    async (_request, reply) => {
      const ok = await pingDatabase(db);
      if (ok) return { status: 'ok', database: dialect, version: APP_VERSION };
      return reply.status(503).send({
        status: 'degraded',
        database: dialect,
        version: APP_VERSION,
        message: 'The database is not reachable.',
      });
    },
  );
}

export const health = domainModule('health', (app) => registerHealthRoute(app, app.kontor.db, app.kontor.dialect));
