/**
 * Registers `carbon-offset-projects` in its own Fastify scope, whose hook hides inactive projects
 * from everybody but provider admins: lists get `active=true` added to their filter, and reading
 * an inactive project answers 404 as if it did not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import type { Kysely } from 'kysely';
import { currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { toBoolean } from '../db/values';
import { badRequest, notFound } from '../http/errors';
import { parseQueryJson } from '../http/json-limits';
import { registerRestResource } from '../http/rest-resource';
import { seesAllMandants } from '../http/tenant-scope';
import { offsetProjectsResource } from './resource';

/** The list filter with `active: true` forced in (a malformed filter is left to the list's own 400). */
function activeOnly(filter: string | undefined): string | undefined {
  if (filter === undefined || filter === '') return JSON.stringify({ active: true });
  const json = parseQueryJson('filter', filter);
  if (!json.ok) return filter;
  const parsed = json.value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('errors.list.filterShape', { filter: 'errors.list.notObject' });
  const asked = (parsed as { active?: unknown }).active;
  // Asking for inactive projects finds nothing (an empty id list matches no row).
  const none = asked !== undefined && asked !== true && asked !== 'true' ? { id: [] } : {};
  return JSON.stringify({ ...parsed, active: true, ...none });
}

export function registerOffsetProjectRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  void app.register(async (scope) => {
    scope.addHook('preHandler', async (request: FastifyRequest) => {
      if (request.method !== 'GET' || !request.user || seesAllMandants(currentUser(request))) return;
      const id = (request.params as { id?: number }).id;
      if (id === undefined) {
        const query = request.query as { filter?: string };
        query.filter = activeOnly(query.filter);
        return;
      }
      const row = await db.selectFrom('offset_projects').select('active').where('id', '=', id).executeTakeFirst();
      if (!row || !toBoolean(row.active))
        throw notFound(msg('errors.noRecord', { resource: 'carbon-offset-projects', id: id }));
    });
    registerRestResource(scope, db, offsetProjectsResource);
  });
}
