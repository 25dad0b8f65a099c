/** Registers the production data resources (issue 21): machine sets and their machines. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { registerRestResource } from '../http/rest-resource';
import { machineSetsResource, machinesResource } from './resource';

export function registerMachineRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  registerRestResource(app, db, machineSetsResource);
  registerRestResource(app, db, machinesResource);
}
