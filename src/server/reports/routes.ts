/**
 * Footprint reports and verification pages (issue 21, item 5):
 *   GET    /api/calculations/:id/report.pdf?language=    a calculation's report
 *   GET    /api/collections/:id/report.pdf?language=     a collection's report
 *   GET    /api/{calculations|collections|orders}/:id/publications    its published pages (not revoked)
 *   POST   /api/{calculations|collections|orders}/:id/publications    publish its report (an order: its certificate)
 *   GET    /api/publications                             the mandant's published pages (not revoked)
 *   GET    /api/publications/:id                         one publication
 *   GET    /api/publications/:id/document.pdf            the published report or certificate, with the page's QR code
 *   DELETE /api/publications/:id                         revoke: the page answers 404 from then on
 *   GET    /verify/:token?page=                          the public page, without sign-in (a long report in pages)
 * Publishing and revoking need the right to change the subject (policy `mayPublish`); rows are the mandant's
 * (tenant-scope), so another mandant's ids answer exactly as missing ones. A draft calculation, or a collection holding
 * one, is not published (409, issue 33 item 6).
 * Everything here that grows with the data is heavy work (http/heavy-work.ts): the PDFs stream page by page while they
 * hold a slot, and a verification page takes one only the first time it is rendered (page-cache.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  PUBLICATION_SUBJECTS,
  PublicationCreate,
  PublicationRecord,
  ReportQuery,
  VerifyParams,
  VerifyQuery,
  type PublicationSubject,
  type SessionUser,
} from '../../core/api';
import { mayPublish } from '../../core/access/policy';
import { NoContent } from '../../core/api/schema';
import { msg } from '../../core/i18n/error-keys';
import { isLanguage, type Language } from '../../core/languages';
import { allowedTo, currentUser, signedIn } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { isoNow, parseJson } from '../db/values';
import { conflict, errorAnswers, forbidden, notFound } from '../http/errors';
import { HEAVY_RETRY_AFTER_SECONDS, HeavyWork, HeavyWorkBusy } from '../http/heavy-work';
import { fileResponse } from '../http/openapi';
import { idParams } from '../http/record-id';
import { scopeToMandant } from '../http/tenant-scope';
import { typed } from '../http/typed-routes';
import { requestLanguage } from '../i18n/translate';
import { certificatePdf } from '../orders/documents';
import { orderMessage } from '../orders/messages';
import { documentData, sendPdf } from '../orders/routes';
import { recordChange } from '../audit/change';
import type { TemplateRegistry } from '../templates/registry';
import { reportPdf } from './report-pdf';
import { buildReport } from './snapshot';
import type { PublicationsTable } from './table';
import { PageCache } from './page-cache';
import { busyPage, notFoundPage, verifyPage, verifyPageCount, type PublishedSnapshot } from './verify-page';
import { verifyUrl } from './verify-url';

/** 128 random bits, base64url: 22 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const newToken = () => randomBytes(16).toString('base64url');

type Row = Omit<PublicationsTable, 'id'> & { id: number };

/**
 * Publishes a calculation's report without a signed-in user: a storefront's order (storefronts/orders.ts) publishes
 * the calculation it created in its own transaction, through the same snapshot and the same draft rule as the back
 * office. `actor` only scopes the reading to the calculation's mandant. Answers the page's id and address.
 */
export async function publishCalculation(
  trx: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  actor: SessionUser,
  calculationId: number,
  language: Language,
  publicUrl: string,
): Promise<{ id: number; url: string }> {
  const { snapshot, mandantId, label } = await snapshotOf(
    trx,
    templates,
    actor,
    'calculations',
    calculationId,
    language,
  );
  const token = newToken();
  const row = await trx
    .insertInto('publications')
    .values({
      mandant_id: mandantId,
      token,
      subject_type: 'calculations',
      subject_id: calculationId,
      language,
      label,
      snapshot: JSON.stringify(snapshot),
      created_by: null,
      created_at: isoNow(),
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), url: verifyUrl(publicUrl, token) };
}

function toRecord(row: Row, publicUrl: string): PublicationRecord {
  return {
    id: Number(row.id),
    mandant_id: Number(row.mandant_id),
    subject_type: row.subject_type as PublicationSubject,
    subject_id: Number(row.subject_id),
    language: row.language as Language,
    label: row.label,
    url: verifyUrl(publicUrl, row.token),
    created_by: row.created_by === null ? null : Number(row.created_by),
    created_at: String(row.created_at),
    revoked_at: row.revoked_at === null ? null : String(row.revoked_at),
  };
}

/** The subject's snapshot in `language`, its mandant and label; 404 when the user cannot see it. */
async function snapshotOf(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  user: SessionUser,
  subject: PublicationSubject,
  id: number,
  language: Language,
): Promise<{ snapshot: PublishedSnapshot; mandantId: number; label: string }> {
  if (subject !== 'orders') {
    const report = await buildReport(db, templates, user, { type: subject, id }, language);
    // A draft is work in progress: what a customer or auditor reads must be a calculation its author has finalised.
    if (report.drafts.length > 0)
      throw conflict(
        subject === 'calculations'
          ? msg('errors.reports.draftCalculation', { number: report.drafts.join(', ') })
          : msg('errors.reports.draftsInCollection', { numbers: report.drafts.join(', ') }),
      );
    return report;
  }
  const certificate = await documentData(db, user, id, language);
  if (certificate.order.status !== 'completed' || !certificate.order.certificate_number)
    throw conflict(orderMessage('notCompleted'));
  return {
    snapshot: { kind: 'certificate', language, certificate },
    mandantId: certificate.order.mandant_id,
    label: certificate.order.certificate_number,
  };
}

/** A publication the user's mandant owns (revoked ones too); 404 otherwise. */
async function findPublication(db: Kysely<DatabaseSchema>, user: SessionUser, id: number): Promise<Row> {
  const row = await scopeToMandant(db.selectFrom('publications'), user, 'mandant_id')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(msg('errors.noRecord', { resource: 'publications', id }));
  return row as Row;
}

/**
 * The live (not revoked) publication of `token`, or undefined: malformed, unknown and revoked tokens alike. Without
 * its snapshot, which may be megabytes and is read only when a page of it is rendered.
 */
async function publishedPage(db: Kysely<DatabaseSchema>, token: string) {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  return db
    .selectFrom('publications')
    .select(['id', 'created_at'])
    .where('token', '=', token)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

const languageOf = (request: FastifyRequest, requested: Language | undefined): Language =>
  requested ?? currentUser(request).language;

/** What the report routes share: the services, the public address, and the verification pages' cache and lane. */
interface ReportRoutes {
  app: FastifyInstance;
  db: Kysely<DatabaseSchema>;
  templates: TemplateRegistry;
  publicUrl: string;
  pages: PageCache;
  renders: HeavyWork;
}

function registerReportPdfRoute({ app, db, templates }: ReportRoutes, subject: 'calculations' | 'collections'): void {
  const api = typed(app);
  const { heavyWork } = app.kontor;
  api.get(
    `/api/${subject}/:id/report.pdf`,
    {
      ...allowedTo(app, 'read', subject),
      preHandler: heavyWork.hook,
      schema: {
        tags: [subject],
        summary: 'Footprint report (PDF) with method statement and the sources of every figure',
        params: idParams,
        querystring: ReportQuery,
        response: {
          200: fileResponse('application/pdf', 'The footprint report'),
          ...errorAnswers(400, 401, 403, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const language = languageOf(request, request.query.language);
      const { snapshot, label } = await buildReport(
        db,
        templates,
        currentUser(request),
        { type: subject, id: request.params.id },
        language,
      );
      return sendPdf(reply, reportPdf(snapshot), `${label.replace(/[^\w.-]+/g, '_')}-report.pdf`);
    },
  );
}

function registerPublicationListRoute({ app, db, publicUrl }: ReportRoutes, subject: PublicationSubject): void {
  const api = typed(app);
  api.get(
    `/api/${subject}/:id/publications`,
    {
      ...allowedTo(app, 'read', subject),
      schema: {
        tags: [subject],
        summary: 'Published verification pages (not revoked)',
        params: idParams,
        response: { 200: { type: 'array', items: PublicationRecord }, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const owner = await scopeToMandant(db.selectFrom(subject), user, 'mandant_id')
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!owner) throw notFound(msg('errors.noRecord', { resource: subject, id: request.params.id }));
      const rows = await scopeToMandant(db.selectFrom('publications'), user, 'mandant_id')
        .selectAll()
        .where('subject_type', '=', subject)
        .where('subject_id', '=', request.params.id)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => toRecord(row as Row, publicUrl));
    },
  );
}

function registerPublishRoute({ app, db, templates, publicUrl }: ReportRoutes, subject: PublicationSubject): void {
  const api = typed(app);
  api.post(
    `/api/${subject}/:id/publications`,
    {
      ...allowedTo(app, 'update', subject),
      schema: {
        tags: [subject],
        summary:
          subject === 'orders'
            ? 'Publish the certificate as a verification page (completed orders)'
            : 'Publish the footprint report as a verification page (a snapshot taken now)',
        params: idParams,
        body: PublicationCreate,
        response: {
          201: PublicationRecord,
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const language = languageOf(request, request.body?.language);
      const { snapshot, mandantId, label } = await snapshotOf(
        db,
        templates,
        user,
        subject,
        request.params.id,
        language,
      );
      const record = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('publications')
          .values({
            mandant_id: mandantId,
            token: newToken(),
            subject_type: subject,
            subject_id: request.params.id,
            language,
            label,
            snapshot: JSON.stringify(snapshot),
            created_by: user.id,
            created_at: isoNow(),
            revoked_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const created = toRecord(row as Row, publicUrl);
        await recordChange(trx, request, {
          action: 'published',
          resource: 'publications',
          record: created,
          label,
        });
        return created;
      });
      return reply.status(201).send(record);
    },
  );
}

/** The caller's publications: the list, one of them, and its document. */
function registerPublicationReadRoutes({ app, db, publicUrl }: ReportRoutes): void {
  const api = typed(app);
  const { heavyWork } = app.kontor;
  api.get(
    '/api/publications',
    {
      ...signedIn(app),
      schema: {
        tags: ['publications'],
        summary: 'The published verification pages of the caller’s mandant (not revoked), newest first',
        response: { 200: { type: 'array', items: PublicationRecord }, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const rows = await scopeToMandant(db.selectFrom('publications'), currentUser(request), 'mandant_id')
        .selectAll()
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      return rows.map((row) => toRecord(row as Row, publicUrl));
    },
  );

  api.get(
    '/api/publications/:id',
    {
      ...signedIn(app),
      schema: {
        tags: ['publications'],
        summary: 'One published verification page',
        params: idParams,
        response: { 200: PublicationRecord, ...errorAnswers(401, 404) },
      },
    },
    async (request) => toRecord(await findPublication(db, currentUser(request), request.params.id), publicUrl),
  );

  api.get(
    '/api/publications/:id/document.pdf',
    {
      ...signedIn(app),
      preHandler: heavyWork.hook,
      schema: {
        tags: ['publications'],
        summary: 'The published report or certificate (PDF) with the QR code of its verification page',
        params: idParams,
        response: {
          200: fileResponse('application/pdf', 'The published document'),
          ...errorAnswers(401, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const row = await findPublication(db, currentUser(request), request.params.id);
      if (row.revoked_at !== null) throw notFound(msg('errors.noRecord', { resource: 'publications', id: row.id }));
      const { url } = toRecord(row, publicUrl);
      const snapshot = parseJson<PublishedSnapshot>(row.snapshot, null as never);
      const pdf = snapshot.kind === 'report' ? reportPdf(snapshot, url) : certificatePdf(snapshot.certificate, url);
      return sendPdf(reply, pdf, `${row.label.replace(/[^\w.-]+/g, '_')}.pdf`);
    },
  );
}

function registerPublicationRevokeRoute({ app, db, publicUrl, pages }: ReportRoutes): void {
  const api = typed(app);
  api.delete(
    '/api/publications/:id',
    {
      ...signedIn(app),
      schema: {
        tags: ['publications'],
        summary: 'Revoke a verification page: its address answers 404 from then on',
        params: idParams,
        response: { 204: NoContent, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await findPublication(db, user, request.params.id);
      if (row.revoked_at !== null) throw notFound(msg('errors.noRecord', { resource: 'publications', id: row.id }));
      if (!mayPublish(user.role, row.subject_type as PublicationSubject)) throw forbidden();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('publications').set({ revoked_at: isoNow() }).where('id', '=', row.id).execute();
        pages.forget(`${row.id}:`);
        await recordChange(trx, request, {
          action: 'unpublished',
          resource: 'publications',
          record: toRecord(row, publicUrl),
          label: row.label,
        });
      });
      return reply.status(204).send();
    },
  );
}

function registerVerifyRoute({ app, db, pages, renders }: ReportRoutes): void {
  const api = typed(app);
  api.get(
    '/verify/:token',
    {
      schema: {
        tags: ['publications'],
        summary: 'The public verification page of a published report or certificate (HTML, no sign-in)',
        params: VerifyParams,
        querystring: VerifyQuery,
        response: {
          200: fileResponse('text/html', 'The verification page'),
          404: fileResponse('text/html', 'Unknown, malformed or revoked address, or no such page'),
          503: fileResponse('text/html', 'Too many pages being rendered for the first time; Retry-After says when'),
        },
      },
    },
    async (request, reply) => {
      const page = await publishedPage(db, request.params.token);
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Robots-Tag', 'noindex')
        .header(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        );
      if (!page) return reply.status(404).send(notFoundPage(requestLanguage(request)));
      const id = Number(page.id);
      const number = request.query.page ?? 1;
      // Rendered once per page (a heavy slot while it renders), then served from memory.
      const render = () =>
        renders.run(async () => {
          const row = await db
            .selectFrom('publications')
            .select('snapshot')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          const snapshot = parseJson<PublishedSnapshot>(row.snapshot, null as never);
          if (!snapshot || !isLanguage(snapshot.language) || number > verifyPageCount(snapshot)) return Buffer.alloc(0);
          return Buffer.from(verifyPage(snapshot, String(page.created_at), number));
        });
      try {
        const html = await pages.page(`${id}:${number}`, render);
        if (html.length === 0) return reply.status(404).send(notFoundPage(requestLanguage(request)));
        // Bytes as kept (the schema's "string" is the OpenAPI file type, not a JavaScript string).
        return reply.send(html as unknown as string);
      } catch (error) {
        if (!(error instanceof HeavyWorkBusy)) throw error;
        return reply
          .status(503)
          .header('Retry-After', String(HEAVY_RETRY_AFTER_SECONDS))
          .send(busyPage(requestLanguage(request)));
      }
    },
  );
}

export function registerReportRoutes(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  publicUrl: string,
): void {
  const { config } = app.kontor;
  const pages = new PageCache(config.verifyCacheBytes);
  // First renders of verification pages have a lane of their own, with the same limits: a PDF holds its slot while
  // its client downloads, and the public pages must not wait behind the back office's downloads (nor these behind them).
  const renders = new HeavyWork({ concurrent: config.heavyWorkConcurrency, queue: config.heavyWorkQueue });
  const routes: ReportRoutes = { app, db, templates, publicUrl, pages, renders };

  for (const subject of ['calculations', 'collections'] as const) registerReportPdfRoute(routes, subject);
  for (const subject of PUBLICATION_SUBJECTS) {
    registerPublicationListRoute(routes, subject);
    registerPublishRoute(routes, subject);
  }
  registerPublicationReadRoutes(routes);
  registerPublicationRevokeRoute(routes);
  registerVerifyRoute(routes);
}
