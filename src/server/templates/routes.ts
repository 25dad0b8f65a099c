/**
 * The `templates` resource in the ra-data-simple-rest dialect, served from the registry:
 * `GET /api/templates?sort=…&range=…&filter={"type":"product","q":"bro"}` and `GET /api/templates/:id`.
 * Any signed-in user may read published templates; provider admins also see drafts (a template
 * with only drafts shows its newest draft). The editor's write routes live in `editor-routes.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import type { Kysely } from 'kysely';
import {
  ListedTemplateRecord,
  TemplateIdParams,
  TemplateVersionQuery,
  type SessionUser,
  type TemplateEditorInfo,
  type TemplateRecord,
} from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { allowedTo, currentUser } from '../auth/authenticate';
import { usesDraftTemplates } from '../../core/access/policy';
import { errorAnswers, notFound } from '../http/errors';
import { parseListQuery } from '../http/list-query';
import { recordColumns } from '../http/list-columns';
import { arrayPage } from '../http/list-memory';
import { registerListRoute } from '../http/list-route';
import { typed } from '../http/typed-routes';
import { toTemplateRecord } from './record';
import { registerTemplateEditorRoutes } from './editor-routes';
import type { TemplateRegistry, TemplateVersionEntry } from './registry';
import type { CalculationUsage } from './calculation-usage';

const COLUMNS = recordColumns(ListedTemplateRecord, {
  only: ['id', 'source', 'status', 'version', 'type', 'label', 'icon'],
});
const SEARCHABLE = ['id', 'label'] as const;

type ListedTemplate = TemplateRecord & TemplateEditorInfo;

/** The version a user sees as "the" template: the newest published one; provider admins fall back to the newest draft. */
function visibleEntry(
  registry: TemplateRegistry,
  id: string,
  user: SessionUser,
): { entry: TemplateVersionEntry; count: number } | undefined {
  const versions = registry.versions(id);
  const admin = usesDraftTemplates(user.role);
  const visible = admin ? versions : versions.filter((entry) => entry.status === 'published');
  const entry = visible.find((e) => e.status === 'published') ?? visible[0];
  return entry ? { entry, count: visible.length } : undefined;
}

function listedTemplate(
  found: { entry: TemplateVersionEntry; count: number },
  user: SessionUser,
  usage: Map<string, number> | null,
): ListedTemplate {
  const { template } = found.entry;
  let total = 0;
  if (usage) for (const [key, n] of usage) if (key.startsWith(`${template.id}@`)) total += n;
  return {
    ...toTemplateRecord(template, user.language),
    source: found.entry.source,
    status: found.entry.status,
    version_count: found.count,
    usage: total,
  };
}

export function registerTemplateRoutes(
  app: FastifyInstance,
  registry: TemplateRegistry,
  calculations: CalculationUsage,
  db?: Kysely<DatabaseSchema>,
): void {
  const tags = ['templates'];
  if (db) registerTemplateEditorRoutes(app, db, registry, calculations);
  registerListRoute(app, {
    name: 'templates',
    access: 'templates',
    tags,
    summary: 'List the templates (read only; filter by type, id, q)',
    recordSchema: ListedTemplateRecord,
    parse: (params) => parseListQuery(params, COLUMNS, SEARCHABLE),
    page: async (request, query) => {
      const user = currentUser(request);
      const usage = usesDraftTemplates(user.role) && db ? await calculations.byVersion(db) : null;
      const records: ListedTemplate[] = [];
      for (const id of registry.ids()) {
        const found = visibleEntry(registry, id, user);
        if (found) records.push(listedTemplate(found, user, usage));
      }
      return arrayPage(records, query, SEARCHABLE);
    },
  });

  typed(app).get(
    '/api/templates/:id',
    {
      ...allowedTo(app, 'read', 'templates'),
      schema: {
        tags,
        summary:
          'One template: its current version, or with ?version=N that version (what a calculation was made with)',
        params: TemplateIdParams,
        querystring: TemplateVersionQuery,
        response: { 200: ListedTemplateRecord, ...errorAnswers(401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = visibleEntry(registry, request.params.id, user);
      if (!found) throw notFound(msg('errors.templates.noTemplate', { id: request.params.id }));
      const wanted = request.query.version;
      if (wanted === undefined || wanted === found.entry.template.version) return listedTemplate(found, user, null);
      // A calculation opens as the version it was saved with; drafts stay the provider admins' as everywhere else.
      const entry = registry.versions(request.params.id).find((e) => e.template.version === wanted);
      if (!entry || (entry.status !== 'published' && !usesDraftTemplates(user.role)))
        throw notFound(msg('errors.templates.noTemplate', { id: `${request.params.id} v${wanted}` }));
      return listedTemplate({ entry, count: found.count }, user, null);
    },
  );
}
