/** The offset catalogue and ordering, registered together (orders need the catalogue). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { registerOffsetProjectRoutes } from '../offsets/routes';
import { registerOrderRoutes } from './routes';

export function registerOffsetsAndOrders(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  registerOffsetProjectRoutes(app, db);
  registerOrderRoutes(app, db);
}
