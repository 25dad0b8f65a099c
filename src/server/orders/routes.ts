/**
 * Orders: the simple-rest resource (resource.ts) plus
 *   GET  /api/orders/quote?project_id=&calculation_id=|collection_id=   what an order would be (review)
 *   POST /api/orders/:id/place|confirm|complete|cancel                  lifecycle (transitions.ts)
 *   GET  /api/orders/:id/certificate.pdf                                completed orders only
 *   GET  /api/orders/:id/confirmation.pdf                               placed, confirmed, completed
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CompleteOrderRequest,
  ORDER_TRANSITIONS,
  OrderQuote,
  OrderQuoteQuery,
  OrderRecord,
  type SessionUser,
} from '../../core/api';
import type { Language } from '../../core/languages';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { badRequest, conflict, errorAnswers } from '../http/errors';
import { idParams } from '../http/record-id';
import { fileResponse } from '../http/openapi';
import { registerRestResource } from '../http/rest-resource';
import { rowsOfMandant } from '../http/tenant-scope';
import { mandantProfile } from '../mandants/resource';
import { toOffsetProjectRecord } from '../offsets/resource';
import { typed } from '../http/typed-routes';
import { certificatePdf, confirmationPdf, type OrderDocumentData } from './documents';
import { orderMessage } from './messages';
import { priceOrder } from './quote';
import { ordersResource } from './resource';
import { TRANSITIONS, applyTransition, findOrder, type OrderEvents } from './transitions';

/** What an order's documents show, in `language` (default: the user's); 404 for an order the user cannot see. */
export async function documentData(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  id: number,
  language: Language = user.language,
  withSubject = false,
): Promise<OrderDocumentData> {
  const order = await findOrder(db, user, id);
  const subject = withSubject ? await orderSubject(db, order) : undefined;
  const project = toOffsetProjectRecord(
    await db.selectFrom('offset_projects').selectAll().where('id', '=', order.project_id).executeTakeFirstOrThrow(),
  );
  const mandant = await mandantProfile(db, order.mandant_id);
  const settings = mandant.settings;
  return {
    order,
    project,
    mandantName: mandant.name,
    providerName: settings.provider_name ?? 'Kontor',
    language,
    ...(subject && { subject }),
  };
}

/** The collection and the calculations (by number) an order was placed for, as far as they still exist. */
async function orderSubject(
  db: Kysely<DatabaseSchema>,
  order: OrderRecord,
): Promise<NonNullable<OrderDocumentData['subject']>> {
  const calculations =
    order.calculation_ids.length === 0
      ? []
      : await db
          .selectFrom('calculations')
          .select('number')
          .where(rowsOfMandant(order.mandant_id, order.calculation_ids))
          .orderBy('number')
          .execute();
  const collection =
    order.collection_id === null
      ? undefined
      : await db
          .selectFrom('collections')
          .select('name')
          .where(rowsOfMandant(order.mandant_id, order.collection_id))
          .executeTakeFirst();
  return { collection: collection?.name ?? null, calculations: calculations.map((c) => c.number) };
}

/** A PDF as it is drawn, page by page (documents.ts `pdfStream`). */
export function sendPdf(reply: FastifyReply, pdf: Readable, filename: string) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

/** The PDFs of an order: which statuses have one, and how it is drawn and named. */
const DOCUMENTS = {
  'certificate.pdf': {
    summary: 'Certificate (PDF) of a completed order',
    description: 'The certificate',
    missing: 'notCompleted',
    subject: false,
    render: (data: OrderDocumentData) =>
      data.order.status === 'completed' && data.order.certificate_number
        ? { pdf: certificatePdf(data), filename: `${data.order.certificate_number}.pdf` }
        : undefined,
  },
  'confirmation.pdf': {
    summary: 'Order confirmation (PDF)',
    description: 'The order confirmation',
    missing: 'noDocument',
    subject: true,
    render: (data: OrderDocumentData) =>
      ['placed', 'confirmed', 'completed'].includes(data.order.status)
        ? { pdf: confirmationPdf(data), filename: `${data.order.number}.pdf` }
        : undefined,
  },
} as const;

/**
 * The registry serial numbers a `complete` may carry (issue 33, item 6): `{ registry_serials?: string }`, the body
 * optional. Checked here rather than by a route body schema, which would refuse the bodiless request every other
 * transition (and a completion without serial numbers) sends.
 */
const SERIALS_MAX = (CompleteOrderRequest.properties.registry_serials as unknown as { maxLength: number }).maxLength;

function registrySerials(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  const serials = typeof body === 'object' ? (body as Record<string, unknown>).registry_serials : null;
  if (serials === undefined) return undefined;
  if (typeof serials !== 'string' || serials.length > SERIALS_MAX)
    throw badRequest('errors.request.invalid', { registry_serials: 'errors.request.invalid' });
  return serials;
}

export function registerOrderRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>, events: OrderEvents): void {
  const api = typed(app);
  registerRestResource(app, db, ordersResource);

  api.get(
    '/api/orders/quote',
    {
      ...allowedTo(app, 'create', 'orders'),
      schema: {
        tags: ['orders'],
        summary: 'What an order would cover and cost (tonnes rounded up by the mandant rule, price in minor units)',
        querystring: OrderQuoteQuery,
        response: { 200: OrderQuote, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const {
        subject: _subject,
        project_id: _project,
        ...quote
      } = await priceOrder(db, currentUser(request), request.query);
      return quote;
    },
  );

  for (const transition of ORDER_TRANSITIONS) {
    api.post(
      `/api/orders/:id/${transition}`,
      {
        // Who may apply which transition is checked once the order is found (403 with the reason); here only that the
        // caller may apply any.
        ...allowedTo(app, ORDER_TRANSITIONS, 'orders'),
        schema: {
          tags: ['orders'],
          summary: `Order transition "${transition}" (${TRANSITIONS[transition].from.join('|')} → ${TRANSITIONS[transition].to})`,
          params: idParams,
          response: { 200: OrderRecord, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        applyTransition(db, request, request.params.id, transition, events, {
          ...(transition === 'complete' && { registrySerials: registrySerials(request.body) }),
        }),
    );
  }

  for (const [file, document] of Object.entries(DOCUMENTS)) {
    api.get(
      `/api/orders/:id/${file}`,
      {
        ...allowedTo(app, 'read', 'orders'),
        preHandler: app.kontor.heavyWork.hook,
        schema: {
          tags: ['orders'],
          summary: document.summary,
          params: idParams,
          response: {
            200: fileResponse('application/pdf', document.description),
            ...errorAnswers(401, 403, 404, 409, 503),
          },
        },
      },
      async (request, reply) => {
        const data = await documentData(db, currentUser(request), request.params.id, undefined, document.subject);
        const pdf = document.render(data);
        if (!pdf) throw conflict(orderMessage(document.missing));
        return sendPdf(reply, pdf.pdf, pdf.filename);
      },
    );
  }
}
