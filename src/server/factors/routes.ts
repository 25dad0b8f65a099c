/** The `databases` and `factors` resources: reads in the simple-rest dialect, writes in write-routes.ts. */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { FactorDatabaseRecord, FactorRecord } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { registerReadOnlyResource } from './read-only-resource';
import { factorDatabaseRecordSchema, factorRecordSchema, toFactorDatabaseRecord, toFactorRecord } from './records';
import { scopeDatabases, scopeFactors } from './visibility';
import { registerFactorWriteRoutes } from './write-routes';

export function registerFactorRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  registerReadOnlyResource<FactorDatabaseRecord>(app, db, {
    name: 'databases',
    access: 'databases',
    table: 'factor_databases',
    columns: {
      id: { type: 'integer' },
      mandant_id: { type: 'integer' },
      name: { type: 'text' },
      version_label: { type: 'text' },
      status: { type: 'text' },
      valid_from: { type: 'text' },
      based_on_id: { type: 'integer' },
      demo: { type: 'boolean' },
      rolled_out_at: { type: 'timestamp' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      version: { type: 'integer' },
    },
    search: [sql.ref('name'), sql.ref('version_label')],
    scope: (query, user) => scopeDatabases(query, user),
    toRecord: toFactorDatabaseRecord,
    recordSchema: factorDatabaseRecordSchema,
  });

  registerReadOnlyResource<FactorRecord>(app, db, {
    name: 'factors',
    access: 'factors',
    table: 'factors',
    columns: {
      id: { type: 'integer' },
      database_id: { type: 'integer' },
      key: { type: 'text' },
      category: { type: 'text' },
      unit: { type: 'text' },
      value: { type: 'number' },
      source: { type: 'text' },
      year: { type: 'integer' },
      region: { type: 'text' },
      demo: { type: 'boolean' },
    },
    // The label is JSON of the five languages; searching its text finds a factor in any language.
    search: [sql.ref('key'), sql.ref('category'), sql`cast(${sql.ref('label')} as text)`],
    scope: (query, user) => scopeFactors(query, user),
    toRecord: toFactorRecord,
    recordSchema: factorRecordSchema,
  });

  registerFactorWriteRoutes(app, db);
}
