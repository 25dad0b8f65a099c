/** The `databases` and `factors` resources: reads in the simple-rest dialect, writes in write-routes.ts. */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { sql, type Kysely, type WhereInterface } from 'kysely';
import { FactorCategoryRecord, FactorDatabaseRecord, FactorRecord } from '../../core/api';
import { Type } from 'typebox';
import type { DatabaseSchema } from '../db/schema';
import { errorRef } from '../http/errors';
import { registerReadOnlyResource } from '../http/read-only-resource';
import { toFactorDatabaseRecord, toFactorRecord } from './records';
import { scopeDatabases, scopeFactors } from './visibility';
import { registerDatabaseWriteRoutes } from './database-routes';
import { registerFactorImportRoute } from './factor-import-route';
import { registerFactorWriteRoutes } from './factor-write-routes';

export function registerFactorRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  registerReadOnlyResource<FactorDatabaseRecord>(app, db, {
    name: 'databases',
    access: 'databases',
    table: 'factor_databases',
    unlisted: ['source'],
    search: [sql.ref('name'), sql.ref('version_label')],
    scope: (query, user) => scopeDatabases(query, user),
    toRecord: toFactorDatabaseRecord,
    recordSchema: FactorDatabaseRecord,
  });

  registerReadOnlyResource<FactorRecord>(app, db, {
    name: 'factors',
    access: 'factors',
    table: 'factors',
    // The label is JSON of the five languages; searching its text finds a factor in any language.
    search: [sql.ref('key'), sql.ref('category'), sql`cast(${sql.ref('label')} as text)`],
    scope: (query, user) => scopeFactors(query, user),
    toRecord: toFactorRecord,
    recordSchema: FactorRecord,
  });

  // Templates name categories by key (`paper`); the screens show them translated. The form editor's category picker
  // shows both, from the databases the reader may see (issue #20).
  app.get(
    '/api/factor-categories',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['factors'],
        summary: 'The factor categories of the databases the caller may see, by key, with their number of distinct factor keys',
        response: {
          200: Type.Array(FactorCategoryRecord),
          401: errorRef,
        },
      },
    },
    async (request): Promise<FactorCategoryRecord[]> => {
      const all = db.selectFrom('factors');
      // scopeFactors takes any builder over factors; Kysely's typed builder does not pass through its generic.
      const visible = scopeFactors(all as unknown as WhereInterface<DatabaseSchema, 'factors'>, currentUser(request)) as unknown as typeof all;
      const rows = await visible
        .select(['category', sql<number>`count(distinct ${sql.ref('key')})`.as('factor_count')])
        .groupBy('category')
        .orderBy('category')
        .execute();
      return rows.map((row) => ({ key: row.category, factor_count: Number(row.factor_count) }));
    },
  );

  registerDatabaseWriteRoutes(app, db);
  registerFactorImportRoute(app, db);
  registerFactorWriteRoutes(app, db);
}
