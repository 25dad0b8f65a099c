/**
 * The `databases` and `factors` resources: reads in the simple-rest dialect; writes in database-routes.ts and
 * factor-write-routes.ts, categories in category-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { FactorDatabaseRecord, FactorRecord } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { registerReadOnlyResource } from '../http/read-only-resource';
import { toFactorDatabaseRecord, toFactorRecord } from './records';
import { scopeDatabases, scopeFactors } from './visibility';
import { registerFactorCategoryRoutes } from './category-routes';
import { registerDatabaseWriteRoutes } from './database-routes';
import { registerFactorImportRoute } from './factor-import-route';
import { registerFactorWriteRoutes } from './factor-write-routes';
import { registerFactorImpactRoute } from './impact';
import type { CalculationUsage } from '../templates/calculation-usage';

export function registerFactorRoutes(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  calculations: Pick<CalculationUsage, 'scan'>,
): void {
  registerReadOnlyResource(app, db, {
    name: 'databases',
    access: 'databases',
    table: 'factor_databases',
    unlisted: ['source'],
    search: [sql.ref('name'), sql.ref('version_label')],
    scope: (query, user) => scopeDatabases(query, user),
    toRecord: toFactorDatabaseRecord,
    recordSchema: FactorDatabaseRecord,
  });

  registerReadOnlyResource(app, db, {
    name: 'factors',
    access: 'factors',
    table: 'factors',
    // The label is JSON of the five languages; searching its text finds a factor in any language.
    search: [sql.ref('key'), sql.ref('category'), sql`cast(${sql.ref('label')} as text)`],
    scope: (query, user) => scopeFactors(query, user),
    toRecord: toFactorRecord,
    recordSchema: FactorRecord,
  });

  registerFactorCategoryRoutes(app, db);
  registerDatabaseWriteRoutes(app, db);
  registerFactorImportRoute(app, db);
  registerFactorWriteRoutes(app, db);
  registerFactorImpactRoute(app, db, calculations);
}
