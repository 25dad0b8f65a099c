/**
 * The template editor's API (provider admins only): save a new template or a new version of an
 * app-created one, publish, delete an unused version, list the versions with their usage, copy a
 * (shipped) template under a new id, and export a version as a JSON file. Every write runs the
 * full load-time checks first, happens in one transaction with its protocol entry, and then
 * refreshes the registry so the change is served at once (other processes notice on their next request).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import {
  ChangeImpact,
  TemplateCopyRequest,
  TemplateImpactRequest,
  TemplateIdParams,
  TemplateLoadErrorRecord,
  TemplateSaveRequest,
  TemplateVersionParams,
  TemplateVersionRecord,
  type TemplateVersionStatus,
} from '../../core/api';
import { sameText, type Language } from '../../core/languages';
import { localize } from '../../core/rules';
import {
  checkTemplate,
  checkTemplateShape,
  parseTemplateJson,
  wordChecker,
  type Template,
  type UnitCatalog,
} from '../../core/template';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { dialectOf } from '../db/dialect';
import { badRequest, conflict, errorAnswers, notFound, rendered, type FieldErrors } from '../http/errors';
import { fileResponse } from '../http/openapi';
import { typed } from '../http/typed-routes';
import { recordChange } from '../audit/change';
import { templateMessage } from './messages';
import { loadFactorCatalog, type TemplateRegistry, type TemplateVersionEntry } from './registry';
import { templateImpact } from './impact';
import { versionKey } from './versions-table';
import type { CalculationUsage } from './calculation-usage';
import { loadUnitCatalog } from '../units/catalog';

const tags = ['templates'];
function toVersionRecord(
  entry: TemplateVersionEntry,
  usage: Map<string, number>,
  lang: Language,
): TemplateVersionRecord {
  const { template } = entry;
  return {
    id: versionKey(template.id, template.version),
    template_id: template.id,
    version: template.version,
    status: entry.status,
    source: entry.source,
    label: localize(template.label, lang, template.id),
    created_by: entry.createdBy,
    created_at: entry.createdAt,
    published_at: entry.publishedAt,
    usage: usage.get(versionKey(template.id, template.version)) ?? 0,
    definition: template,
  };
}

/** The entry of the protocol: a small summary, not the whole definition. */
function protocolRecord(template: Template, status: TemplateVersionStatus, lang: Language) {
  return {
    id: versionKey(template.id, template.version),
    template_id: template.id,
    version: template.version,
    status,
    label: `${localize(template.label, lang, template.id)} v${template.version}`,
  };
}

/** A version the registry does not hold (it failed the load-time checks): its protocol entry names it by id. */
function unloaded(id: string, version: number): Template {
  return { id, version, label: sameText(id) } as unknown as Template;
}

/** Parses (if text) and checks a definition completely; throws 400 with `{pointer: message}`. */
function checkedDefinition(
  definition: unknown,
  id: string,
  version: number,
  catalog: Awaited<ReturnType<typeof loadFactorCatalog>>,
  units: UnitCatalog,
  lang: Language,
): Template {
  const fileName = `${id}.json`;
  const withVersion = { ...(definition as Record<string, unknown>), version };
  const { template, errors } = checkTemplate(withVersion, fileName, catalog, units);
  if (!template) {
    const byPointer: FieldErrors = {};
    for (const error of errors) byPointer[error.pointer || '/'] ??= rendered(wordChecker(error, lang));
    throw badRequest(templateMessage('checksFailed', { smart_count: errors.length }), byPointer);
  }
  return template;
}

function parseDefinition(definition: unknown, lang: Language): Record<string, unknown> {
  let json = definition;
  if (typeof definition === 'string') {
    const parsed = parseTemplateJson(definition, 'template.json');
    if (parsed.error)
      throw badRequest(templateMessage('invalidJson'), { '/': rendered(wordChecker(parsed.error, lang)) });
    json = parsed.json;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw badRequest(templateMessage('invalidJson'), { '/': 'errors.templates.notObject' });
  }
  return json as Record<string, unknown>;
}

/** A change of one version, answering the version. */
const versionWrite = (app: FastifyInstance, summary: string) => ({
  ...allowedTo(app, 'update', 'templates'),
  schema: {
    tags,
    summary,
    params: TemplateVersionParams,
    response: { 200: TemplateVersionRecord, ...errorAnswers(401, 403, 404, 409) },
  },
});

/** Saves a template definition as the next version of its id, checked against the factor and unit catalogues. */
async function saveTemplateVersion(
  db: Kysely<DatabaseSchema>,
  registry: TemplateRegistry,
  request: FastifyRequest,
  body: TemplateSaveRequest,
): Promise<TemplateVersionRecord> {
  const user = currentUser(request);
  const lang = user.language;
  const json = parseDefinition(body.definition, lang);
  const id = typeof json.id === 'string' ? json.id : '';
  if (id && registry.isShipped(id))
    throw conflict(templateMessage('shippedId', { id }), { '/id': templateMessage('shippedId', { id }) });
  const catalog = await loadFactorCatalog(db);
  const units = await loadUnitCatalog(db);
  const status = body.status ?? 'draft';
  const saved = await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('template_versions')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('template_id', '=', id)
      .executeTakeFirst();
    const lastVersion = Number(last?.v ?? 0);
    if (lastVersion > 0 && body.mode === 'new')
      throw conflict(templateMessage('idTaken', { id }), { '/id': templateMessage('idTaken', { id }) });
    const version = lastVersion + 1;
    const template = checkedDefinition(json, id || 'template', version, catalog, units, lang);
    const now = isoNow();
    await trx
      .insertInto('template_versions')
      .values({
        template_id: template.id,
        version,
        status,
        definition: JSON.stringify(template),
        source: 'app',
        created_by: user.id,
        created_at: now,
        published_at: status === 'published' ? now : null,
        updated_at: now,
      })
      .execute();
    await recordChange(trx, request, {
      action: 'created',
      resource: 'templates',
      record: protocolRecord(template, status, lang),
      mandantId: null,
    });
    return { template, now };
  });
  await registry.refresh({ afterWrite: true });
  const entry: TemplateVersionEntry = {
    template: saved.template,
    source: 'app',
    status,
    createdBy: user.id,
    createdAt: saved.now,
    publishedAt: status === 'published' ? saved.now : null,
  };
  return toVersionRecord(entry, new Map(), lang);
}

/** The app-created row of a version; shipped versions and unknown ones are refused precisely. */
async function appVersion(registry: TemplateRegistry, trx: Kysely<DatabaseSchema>, id: string, version: number) {
  if (registry.isShipped(id)) throw conflict(templateMessage('shippedReadOnly'));
  const row = await trx
    .selectFrom('template_versions')
    .selectAll()
    .where('template_id', '=', id)
    .where('version', '=', version)
    // PostgreSQL: an import being recorded holds the row FOR SHARE (imports/job.ts); waiting for it here
    // makes its running record visible to the checks that follow. SQLite's writer is one at a time anyway.
    .$if(dialectOf(trx) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound(templateMessage('noVersion', { id, version }));
  return row;
}

/** What every route of the editor is registered with. */
interface TemplateEditorRoutes {
  app: FastifyInstance;
  db: Kysely<DatabaseSchema>;
  registry: TemplateRegistry;
  /** How many calculations use a template version: the calculations module gives it (calculation-usage.ts). */
  calculations: CalculationUsage;
}

function registerTemplateSaveRoute({ app, db, registry }: TemplateEditorRoutes): void {
  const api = typed(app);
  api.post(
    '/api/templates',
    {
      ...allowedTo(app, 'update', 'templates'),
      schema: {
        tags,
        summary: 'Save a new template, or a new version of an app-created template (provider admins)',
        body: TemplateSaveRequest,
        response: { 201: TemplateVersionRecord, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const record = await saveTemplateVersion(db, registry, request, request.body);
      return reply.code(201).send(record);
    },
  );
}

function registerTemplateCopyRoute({ app, db, registry }: TemplateEditorRoutes): void {
  const api = typed(app);
  api.post(
    '/api/templates/:id/versions/:version/copy',
    {
      ...allowedTo(app, 'update', 'templates'),
      schema: {
        tags,
        summary: 'Save a copy of a version (e.g. of a shipped template) as a new template with a new id',
        params: TemplateVersionParams,
        body: TemplateCopyRequest,
        response: { 201: TemplateVersionRecord, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const source = registry.resolve(id, version);
      if (!source) throw notFound(templateMessage('noVersion', { id, version }));
      const record = await saveTemplateVersion(db, registry, request, {
        definition: { ...source, id: request.body.id },
        status: request.body.status,
        mode: 'new',
      });
      return reply.code(201).send(record);
    },
  );
}

function registerTemplateVersionsRoute({ app, db, registry, calculations }: TemplateEditorRoutes): void {
  const api = typed(app);
  api.get(
    '/api/templates/:id/versions',
    {
      ...allowedTo(app, 'update', 'templates'),
      schema: {
        tags,
        summary: 'Every version of a template with its status, source and usage, newest first',
        params: TemplateIdParams,
        response: { 200: Type.Array(TemplateVersionRecord), ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      const lang = currentUser(request).language;
      const entries = registry.versions(request.params.id);
      if (entries.length === 0) throw notFound(templateMessage('unknownTemplate', { id: request.params.id }));
      const usage = await calculations.byVersion(db, request.params.id);
      return entries.map((entry) => toVersionRecord(entry, usage, lang));
    },
  );
}

function registerTemplateImpactRoute({ app, db, registry, calculations }: TemplateEditorRoutes): void {
  const api = typed(app);
  api.post(
    '/api/templates/impact',
    {
      ...allowedTo(app, 'update', 'templates'),
      schema: {
        tags,
        summary:
          'What saving (definition) or publishing (version) a template version touches: its calculations, and those holding fields or options it drops or renames',
        body: TemplateImpactRequest,
        response: { 200: ChangeImpact, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request): Promise<ChangeImpact> => {
      const user = currentUser(request);
      const lang = user.language;
      const { template_id: id, definition, version } = request.body;
      const known = registry.versions(id);
      let next: Template | undefined;
      let base: Template | undefined;
      if (definition !== undefined) {
        // A draft being edited may not compile yet (a field just deleted is still named); its format is enough here.
        const json = { ...parseDefinition(definition, lang), id, version: (known[0]?.template.version ?? 0) + 1 };
        const { template, errors } = checkTemplateShape(json, `${id}.json`);
        if (!template) {
          const byPointer: FieldErrors = {};
          for (const error of errors) byPointer[error.pointer || '/'] ??= rendered(wordChecker(error, lang));
          throw badRequest(templateMessage('checksFailed', { smart_count: errors.length }), byPointer);
        }
        next = template;
        base = known[0]?.template;
      } else if (version !== undefined) {
        next = registry.resolve(id, version);
        if (!next) throw notFound(templateMessage('noVersion', { id, version }));
        base = known.find((entry) => entry.template.version < version)?.template;
      } else if (known.length === 0) throw notFound(templateMessage('unknownTemplate', { id }));
      else base = known[0]!.template;
      return templateImpact(db, calculations, user, id, base, next, lang);
    },
  );
}

function registerTemplatePublishRoute({ app, db, registry, calculations }: TemplateEditorRoutes): void {
  const api = typed(app);
  api.post(
    '/api/templates/:id/versions/:version/publish',
    versionWrite(app, 'Publish a draft version: mandants can then use it'),
    async (request) => {
      const { id, version } = request.params;
      const lang = currentUser(request).language;
      await db.transaction().execute(async (trx) => {
        const row = await appVersion(registry, trx, id, version);
        if (row.status === 'published') throw conflict(templateMessage('alreadyPublished', { id, version }));
        const now = isoNow();
        await trx
          .updateTable('template_versions')
          .set({ status: 'published', published_at: now, updated_at: now })
          .where('id', '=', row.id)
          .execute();
        const template = registry.resolve(id, version) ?? unloaded(id, version);
        await recordChange(trx, request, {
          action: 'status_changed',
          resource: 'templates',
          record: protocolRecord(template, 'published', lang),
          previous: protocolRecord(template, 'draft', lang),
          mandantId: null,
        });
      });
      await registry.refresh({ afterWrite: true });
      const entry = registry.versions(id).find((e) => e.template.version === version)!;
      return toVersionRecord(entry, await calculations.byVersion(db, id), lang);
    },
  );
}

function registerTemplateDeleteRoute({ app, db, registry, calculations }: TemplateEditorRoutes): void {
  const api = typed(app);
  api.delete(
    '/api/templates/:id/versions/:version',
    versionWrite(app, 'Delete an app-created version no calculation uses'),
    async (request) => {
      const { id, version } = request.params;
      const lang = currentUser(request).language;
      const entry = registry.versions(id).find((e) => e.template.version === version);
      await db.transaction().execute(async (trx) => {
        const row = await appVersion(registry, trx, id, version);
        const usage = (await calculations.byVersion(trx, id)).get(versionKey(id, version)) ?? 0;
        if (usage > 0) throw conflict(templateMessage('inUse', { id, version, smart_count: usage }));
        // A running import's rows are not visible yet (PostgreSQL: its transaction is open), its record is.
        const importing = await trx
          .selectFrom('imports')
          .select('id')
          .where('template_id', '=', id)
          .where('template_version', '=', version)
          .where('status', 'in', ['running', 'queued'])
          .executeTakeFirst();
        if (importing) throw conflict(templateMessage('importRunning', { id, version }));
        await trx.deleteFrom('template_versions').where('id', '=', row.id).execute();
        const template = entry?.template ?? unloaded(id, version);
        await recordChange(trx, request, {
          action: 'deleted',
          resource: 'templates',
          record: protocolRecord(template, row.status, lang),
          mandantId: null,
        });
      });
      await registry.refresh({ afterWrite: true });
      if (!entry) throw notFound(templateMessage('noVersion', { id, version }));
      return toVersionRecord(entry, new Map(), lang);
    },
  );
}

function registerTemplateExportRoute({ app, registry }: TemplateEditorRoutes): void {
  const api = typed(app);
  api.get(
    '/api/templates/:id/versions/:version/export',
    {
      ...allowedTo(app, 'update', 'templates'),
      schema: {
        tags,
        summary: 'Download a version as a template file (to commit into schemas/templates/)',
        params: TemplateVersionParams,
        response: { 200: fileResponse('application/json', 'The template file'), ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const template = registry.resolve(id, version);
      if (!template) throw notFound(templateMessage('noVersion', { id, version }));
      const file = `${JSON.stringify({ $schema: '../template.schema.json', ...template }, null, 2)}\n`;
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${id}.json"`)
        .send(file);
    },
  );
}

function registerTemplateLoadErrorsRoute({ app, registry }: TemplateEditorRoutes): void {
  const api = typed(app);
  api.get(
    '/api/template-load-errors',
    {
      ...allowedTo(app, 'update', 'templates'),
      schema: {
        tags,
        summary: 'The template files that were not loaded at startup, with place and message (provider admins)',
        response: { 200: Type.Array(TemplateLoadErrorRecord), ...errorAnswers(401, 403) },
      },
    },
    // A rejected file is otherwise only in the server log, which a provider admin does not read (issue #20).
    async (request): Promise<TemplateLoadErrorRecord[]> => {
      const lang = currentUser(request).language;
      return registry.loadErrors.map((error) => ({
        file: error.fileName,
        pointer: error.pointer,
        message: wordChecker(error, lang),
      }));
    },
  );
}

export function registerTemplateEditorRoutes(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  registry: TemplateRegistry,
  calculations: CalculationUsage,
): void {
  const routes: TemplateEditorRoutes = { app, db, registry, calculations };
  registerTemplateSaveRoute(routes);
  registerTemplateCopyRoute(routes);
  registerTemplateVersionsRoute(routes);
  registerTemplateImpactRoute(routes);
  registerTemplatePublishRoute(routes);
  registerTemplateDeleteRoute(routes);
  registerTemplateExportRoute(routes);
  registerTemplateLoadErrorsRoute(routes);
}
