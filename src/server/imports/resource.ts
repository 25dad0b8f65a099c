/**
 * The `imports` resource, read only, in the ra-data-simple-rest dialect (list with sort, range,
 * filter, `q` on the file name; getOne), scoped to the caller's mandant via scopeToMandant.
 * Imports are created by uploading a CSV (routes.ts), never by POSTing a record.
 */
import type { FastifyInstance } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import { sql, type Kysely } from 'kysely';
import { currentUser, requireAccess } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { errorRef, notFound } from '../http/errors';
import { parseListQuery, registerListRoute, selectPage, whereListed, type ColumnDefinition } from '../http/list-query';
import { idParams } from '../http/record-id';
import { scopeToMandant } from '../http/tenant-scope';
import { importRecordSchema, toImportRecord } from './record';
import './schema';

const COLUMNS: Record<string, ColumnDefinition> = {
  id: { type: 'integer' },
  mandant_id: { type: 'integer' },
  created_by: { type: 'integer' },
  file_name: { type: 'text' },
  template_id: { type: 'text' },
  mode: { type: 'text' },
  status: { type: 'text' },
  rows_total: { type: 'integer' },
  rows_ok: { type: 'integer' },
  rows_failed: { type: 'integer' },
  created_at: { type: 'timestamp' },
  finished_at: { type: 'timestamp' },
};


export function registerImportsResource(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  registerListRoute(app, {
    name: 'imports',
    access: 'imports',
    recordSchema: importRecordSchema,
    parse: (params) => parseListQuery(params, COLUMNS, ['file_name']),
    page: async (request, query) => {
      const scoped = scopeToMandant(db.selectFrom('imports'), currentUser(request), 'mandant_id');
      const { rows, total } = await selectPage(whereListed(scoped, query, [sql.ref('file_name')]), query);
      return { rows: rows.map(toImportRecord), total };
    },
  });

  app.get<{ Params: { id: number } }>(
    '/api/imports/:id',
    {
      onRequest: [app.authenticate, requireAccess('read', 'imports')],
      schema: { tags: ['imports'], summary: 'One CSV import', params: idParams, response: { 200: importRecordSchema, 401: errorRef, 404: errorRef } },
    },
    async (request) => toImportRecord(await findImport(db, request, request.params.id)),
  );
}

/** The import row if the caller may see it, else 404 (no hint about other mandants' imports). */
export async function findImport(db: Kysely<DatabaseSchema>, request: Parameters<typeof currentUser>[0], id: number) {
  const row = await scopeToMandant(db.selectFrom('imports'), currentUser(request), 'mandant_id').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(msg('errors.noRecord', { resource: 'imports', id: id }));
  return row;
}
