/**
 * CSV import endpoints:
 * - `POST /api/imports?template=…&mode=all_or_nothing|valid_rows&dry_run=true&file_name=…&mapping={…}`
 *   with the raw CSV as body (any content type; read as a stream, never buffered whole in memory; one of
 *   undeclared size is received into a temp file first, so that its size limit holds before anything is written) → ImportReport;
 * - the read-only `imports` resource (resource.ts);
 * - `GET /api/imports/:id/errors` (JSON) and `GET /api/imports/:id/errors.csv`, in the reader's language;
 * - `POST /api/imports/:id/undo` deletes the import's calculations in one transaction (409 if one is frozen);
 * - `POST /api/imports/:id/cancel` stops a running import (so does the client dropping the upload).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { ImportRecord, ImportReport, ImportRowError, ImportUploadQuery, type SessionUser } from '../../core/api';
import type { ColumnMapping } from '../../core/csv';
import { allowedTo, currentUser, signedIn } from '../auth/authenticate';
import { usesDraftTemplates } from '../../core/access/policy';
import { currentMachineSetId, loadMachineSetData } from '../machines/production';
import { resolveFactorSet, resolveTemplate } from '../calculations/prepare';
import { calculationMessage } from '../calculations/messages';
import { badRequest, conflict, errorAnswers, HttpError } from '../http/errors';
import { idParams } from '../http/record-id';
import { typed } from '../http/typed-routes';
import { parseQueryJson } from '../http/json-limits';
import { fileResponse } from '../http/openapi';
import { mandantForNewRow } from '../http/tenant-scope';
import { recordChange, sourceOf } from '../audit/change';
import type { AppServices } from '../services';
import type { TemplateRegistry } from '../templates/registry';
import { isoNow } from '../db/values';
import { CsvStreamError, openCsv, spoolUpload, type SpooledUpload } from './csv-stream';
import { errorsCsv, rowErrors } from './errors-csv';
import { runImport } from './job';
import { importMessage } from './messages';
import { toImportRecord } from './record';
import { failInterruptedImports, startOrphanSweep } from './recovery';
import { findImport, registerImportsResource } from './resource';
import { deleteImportedCalculations, hasFrozenImportedCalculation } from '../calculations/bulk-write';
import './schema';

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

function parseMapping(raw: string | undefined): ColumnMapping | undefined {
  if (raw === undefined || raw === '') return undefined;
  const json = parseQueryJson('mapping', raw);
  const parsed = json.ok ? json.value : undefined;
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((v) => v === null || typeof v === 'string');
  if (!valid) throw badRequest(importMessage('badParameters'), { mapping: 'errors.imports.mappingShape' });
  return parsed as ColumnMapping;
}

/** Running imports of THIS process, for cancel. */
type RunningImports = Map<number, AbortController>;

/** What an upload imports into: the mandant, the template, the factors and the machines new calculations use. */
async function importTarget(
  db: AppServices['db'],
  templates: TemplateRegistry,
  user: SessionUser,
  query: Static<typeof ImportUploadQuery>,
) {
  const mandantId = mandantForNewRow(user, query.mandant_id);
  if (mandantId === null)
    throw badRequest(calculationMessage('mandantRequired'), {
      mandant_id: calculationMessage('mandantRequired'),
    });
  const template = resolveTemplate(templates, query.template, query.template_version, {
    allowDraft: usesDraftTemplates(user.role),
  });
  const factors = await resolveFactorSet(db, mandantId, query.database_id);
  // Machine fields name machines of the set new calculations use: the mandant's current published one.
  const currentSet = await currentMachineSetId(db, mandantId);
  const machineSet = currentSet === undefined ? undefined : await loadMachineSetData(db, mandantId, currentSet);
  return { mandantId, template, factors, machineSet };
}

/** The upload lives in its own scope: there the body is not parsed (nor limited by BODY_LIMIT) but streamed. */
async function registerImportUploadRoute(
  app: FastifyInstance,
  services: AppServices,
  templates: TemplateRegistry,
  running: RunningImports,
): Promise<void> {
  const { db, config } = services;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    typed(scope).post(
      '/api/imports',
      {
        ...allowedTo(app, 'create', 'imports'),
        schema: {
          tags: ['imports'],
          summary: 'Import a CSV file (raw body) as calculations of a template',
          querystring: ImportUploadQuery,
          response: { 200: ImportReport, 201: ImportReport, ...errorAnswers(400, 401, 403, 404, 413, 503) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const query = request.query;
        const tooLarge = () =>
          new HttpError(413, importMessage('tooLarge', { limit: megabytes(config.importMaxBytes) }));
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > config.importMaxBytes) throw tooLarge();
        const mapping = parseMapping(query.mapping);
        const { mandantId, template, factors, machineSet } = await importTarget(db, templates, user, query);

        const controller = new AbortController();
        const abort = () => controller.abort();
        request.raw.once('aborted', abort);
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) abort();
        });
        let importId: number | undefined;
        let spooled: SpooledUpload | undefined;
        try {
          // Without a declared size the limit can only be checked by receiving: the whole upload is received
          // first (to a temp file), so that an oversized one is refused before anything is written.
          if (!Number.isFinite(declared))
            spooled = await spoolUpload(request.raw, config.importMaxBytes, controller.signal);
          const csv = await openCsv(spooled?.read() ?? request.raw, config.importMaxBytes, controller.signal);
          const report = await runImport({
            db,
            source: sourceOf(request),
            user,
            mandantId,
            template,
            factors,
            machineSet,
            fileName: (query.file_name ?? 'import.csv').trim() || 'import.csv',
            mode: query.mode ?? 'all_or_nothing',
            dryRun: query.dry_run ?? false,
            mapping,
            csv,
            signal: controller.signal,
            tooLargeMessage: tooLarge().message,
            templateStored: !templates.isShipped(template.id),
            onStart: (id) => {
              importId = id;
              running.set(id, controller);
              services.processGroup.importStarted(id);
            },
          });
          reply.code(report.import ? 201 : 200);
          return report;
        } catch (problem) {
          if (problem instanceof CsvStreamError) {
            if (problem.reason === 'tooLarge') throw tooLarge();
            throw badRequest(importMessage(problem.reason === 'cancelled' ? 'cancelled' : problem.reason));
          }
          throw problem;
        } finally {
          await spooled?.remove();
          if (importId !== undefined) {
            running.delete(importId);
            services.processGroup.importEnded(importId);
          }
          request.raw.off('aborted', abort);
          // A job that ends early (cancel, bad file) leaves the rest of the upload unread; drain it so
          // the connection completes instead of hanging until the client gives up.
          if (!request.raw.complete) {
            reply.header('Connection', 'close');
            request.raw.resume();
          }
        }
      },
    );
  });
}

/** The row errors, as JSON and as CSV. */
function registerImportErrorsRoutes(app: FastifyInstance, db: AppServices['db']): void {
  const api = typed(app);
  api.get(
    '/api/imports/:id/errors',
    {
      ...signedIn(app),
      schema: {
        tags: ['imports'],
        summary: 'Row errors of an import (first 1000), in your language',
        params: idParams,
        response: { 200: Type.Array(ImportRowError), ...errorAnswers(401, 404) },
      },
    },
    async (request) => {
      const row = await findImport(db, request, request.params.id);
      return rowErrors(db, Number(row.id), currentUser(request).language, 1000);
    },
  );

  api.get(
    '/api/imports/:id/errors.csv',
    {
      ...signedIn(app),
      schema: {
        tags: ['imports'],
        summary: 'Row errors of an import as CSV, in your language',
        params: idParams,
        response: { 200: fileResponse('text/csv', 'The row errors as CSV'), ...errorAnswers(401, 404) },
      },
    },
    async (request, reply) => {
      const row = await findImport(db, request, request.params.id);
      const lang = currentUser(request).language;
      const errors = await rowErrors(db, Number(row.id), lang);
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="import-${row.id}-errors.csv"`);
      return errorsCsv(errors, lang);
    },
  );
}

/** The options of an action on one import (undo, cancel): allowed to `action` imports, answering the import. */
function importAction<const Status extends 200 | 202>(
  app: FastifyInstance,
  action: 'update' | 'delete',
  summary: string,
  status: Status,
) {
  // TypeScript types a computed key as any number; the route answers the import with `status` only.
  const answer = { [status]: ImportRecord } as Record<Status, typeof ImportRecord>;
  return {
    ...allowedTo(app, action, 'imports'),
    schema: {
      tags: ['imports'],
      summary,
      params: idParams,
      response: { ...answer, ...errorAnswers(401, 403, 404, 409) },
    },
  };
}

function registerImportUndoRoute(app: FastifyInstance, db: AppServices['db']): void {
  const api = typed(app);
  api.post(
    '/api/imports/:id/undo',
    importAction(app, 'delete', 'Delete every calculation of an import (one transaction)', 200),
    async (request) => {
      return db.transaction().execute(async (trx) => {
        const existing = toImportRecord(await findImport(trx, request, request.params.id));
        if (!['succeeded', 'failed', 'cancelled'].includes(existing.status))
          throw conflict(importMessage('notUndoable'));
        if (await hasFrozenImportedCalculation(trx, existing.id)) throw conflict(importMessage('frozen'));
        const deleted = await deleteImportedCalculations(trx, existing.id);
        const now = isoNow();
        const updated = toImportRecord(
          await trx
            .updateTable('imports')
            .set({ status: 'undone', updated_at: now, version: existing.version + 1 })
            .where('id', '=', existing.id)
            .returningAll()
            .executeTakeFirstOrThrow(),
        );
        await recordChange(trx, request, {
          action: 'deleted',
          resource: 'imports',
          record: updated,
          previous: existing,
          label: updated.file_name,
          params: { rows: deleted },
        });
        return updated;
      });
    },
  );
}

function registerImportCancelRoute(app: FastifyInstance, services: AppServices, running: RunningImports): void {
  const { db } = services;
  const api = typed(app);
  api.post(
    '/api/imports/:id/cancel',
    importAction(app, 'update', 'Stop a running import', 202),
    async (request, reply) => {
      const row = await findImport(db, request, request.params.id);
      const controller = running.get(Number(row.id));
      if (row.status !== 'running') throw conflict(importMessage('notRunning'));
      if (controller) controller.abort();
      else if (!(await services.processGroup.cancelElsewhere(Number(row.id))))
        throw conflict(importMessage('notRunning'));
      reply.code(202);
      return toImportRecord(row);
    },
  );
}

export async function registerImportRoutes(
  app: FastifyInstance,
  services: AppServices,
  templates: TemplateRegistry,
): Promise<void> {
  const { db, config } = services;
  // With several processes the primary did this before starting the workers (process-group.ts).
  const failed = services.processGroup.worker ? 0 : await failInterruptedImports(db);
  if (failed > 0) app.log.warn({ imports: failed }, 'imports interrupted by a stop were marked as failed');
  const stopSweep = startOrphanSweep(db, config.importSweepSeconds * 1000, (problem) =>
    app.log.error({ err: problem }, 'looking for interrupted imports failed'),
  );
  app.addHook('onClose', async () => stopSweep());
  registerImportsResource(app, db);
  const running: RunningImports = new Map();
  services.processGroup.answerCancels((importId) => {
    const controller = running.get(importId);
    controller?.abort();
    return controller !== undefined;
  });

  await registerImportUploadRoute(app, services, templates, running);
  registerImportErrorsRoutes(app, db);
  registerImportUndoRoute(app, db);
  registerImportCancelRoute(app, services, running);
}
