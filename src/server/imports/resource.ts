/**
 * The `imports` resource, read only, in the ra-data-simple-rest dialect (list with sort, range,
 * filter, `q` on the file name; getOne), scoped to the caller's mandant via scopeToMandant.
 * Imports are created by uploading a CSV (routes.ts), never by POSTing a record.
 */
import type { FastifyInstance } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import { sql, type Kysely } from 'kysely';
import { ImportRecord } from '../../core/api';
import { currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { notFound } from '../refusals';
import { recordColumns } from '../http/list-columns';
import { registerReadOnlyResource } from '../http/read-only-resource';
import { scopeToMandant } from '../http/tenant-scope';
import { toImportRecord } from './record';
import './schema';

export function registerImportsResource(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  registerReadOnlyResource(app, db, {
    name: 'imports',
    access: 'imports',
    table: 'imports',
    columns: recordColumns(ImportRecord, {
      only: [
        'id',
        'mandant_id',
        'created_by',
        'file_name',
        'template_id',
        'mode',
        'status',
        'rows_total',
        'rows_ok',
        'rows_failed',
        'created_at',
        'finished_at',
      ],
    }),
    search: [sql.ref('file_name')],
    scope: (query, user) => scopeToMandant(query, user, 'mandant_id'),
    toRecord: toImportRecord,
    recordSchema: ImportRecord,
  });
}

/** The import row if the caller may see it, else 404 (no hint about other mandants' imports). */
export async function findImport(db: Kysely<DatabaseSchema>, request: Parameters<typeof currentUser>[0], id: number) {
  const row = await scopeToMandant(db.selectFrom('imports'), currentUser(request), 'mandant_id')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(msg('errors.noRecord', { resource: 'imports', id: id }));
  return row;
}
