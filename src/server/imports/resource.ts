/**
 * The `imports` resource, read only, in the ra-data-simple-rest dialect (list with sort, range,
 * filter, `q` on the file name; getOne), scoped to the caller's mandant via scopeToMandant.
 * Imports are created by uploading a CSV (routes.ts), never by POSTing a record.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { currentUser, requireAccess } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { toCount } from '../db/values';
import { applyConditions, searchCondition } from '../factors/read-only-resource';
import { notFound } from '../http/errors';
import { contentRange, parseListQuery, type ColumnDefinition } from '../http/list-query';
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

const errorRef = { $ref: 'ApiError#' };
export const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, required: ['id'] } as const;

export function registerImportsResource(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  app.get<{ Querystring: { sort?: string; range?: string; filter?: string } }>(
    '/api/imports',
    {
      onRequest: [app.authenticate, requireAccess('list', 'imports')],
      schema: {
        tags: ['imports'],
        summary: 'List CSV imports (sort, range, filter as in ra-data-simple-rest)',
        querystring: { type: 'object', properties: { sort: { type: 'string' }, range: { type: 'string' }, filter: { type: 'string' } } },
        response: { 200: { type: 'array', items: importRecordSchema }, 400: errorRef, 401: errorRef, 403: errorRef },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const query = parseListQuery(request.query, COLUMNS, ['file_name']);
      let base = applyConditions(scopeToMandant(db.selectFrom('imports'), user, 'mandant_id'), query.conditions);
      if (query.search !== null) base = base.where(searchCondition(query.search, [sql.ref('file_name')]));
      const counted = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
      let page = base.selectAll().orderBy(sql.ref(query.sort.field), query.sort.order);
      if (query.sort.field !== 'id') page = page.orderBy('id', query.sort.order);
      const rows = await page.limit(query.range.end - query.range.start + 1).offset(query.range.start).execute();
      reply.header('Content-Range', contentRange('imports', query.range.start, rows.length, toCount(counted?.total)));
      return rows.map(toImportRecord);
    },
  );

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
  if (!row) throw notFound(`No imports record with id ${id}.`);
  return row;
}
