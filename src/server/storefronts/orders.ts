/**
 * `POST /api/storefront/v1/orders` (issue 39, item 4): the shop's server orders what its customer bought, with the
 * storefront's secret key (`Authorization: Bearer kontor_sk_…`). A publishable key is refused (403): it sits in every
 * page of the shop. The order is computed as the quote was (the customer's fields, the printer's fixed values, the
 * template's defaults for the rest) and creates, in the storefront's mandant, in ONE transaction:
 * - the calculation, marked with the channel `storefront:<id>` and the shop's reference. Its status is `final`: the
 *   customer has bought exactly these inputs, so it is no work in progress — and only a final calculation may be
 *   published (a draft cannot, reports/routes.ts);
 * - where the customer chose it, the contribution order, placed at once (priced by orders/quote.ts, stock reserved
 *   and the calculation frozen by orders/transitions.ts, as a placed back-office order): the shop has sold it;
 *   confirming and completing it (the certificate) stay the printer's steps;
 * - the calculation's verification page, whose address the answer carries for the invoice or a QR code;
 * - with the contribution, the `contribution.ordered` webhook of each of the storefront's endpoints (webhooks.ts).
 * With an `Idempotency-Key`, the first answer is stored with the body's hash: a retry with the same body gets that
 * answer again (never a second calculation), the same key with another body 422. The key's row is written first in
 * the transaction, so two concurrent retries queue on its unique index and the second answers from the first.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  IDEMPOTENCY_KEY_PATTERN,
  PUBLISHABLE_KEY_PREFIX,
  STOREFRONT_CHANNEL_PREFIX,
  StorefrontOrder,
  StorefrontOrderRequest,
  type SessionUser,
  type StorefrontRecord,
} from '../../core/api';
import { Type } from '../../core/api/schema';
import { msg } from '../../core/i18n/error-keys';
import type { Language } from '../../core/languages';
import { localize } from '../../core/rules';
import type { LocalizedText } from '../../core/languages';
import { bearerToken } from '../auth/authenticate';
import { computeColumns, resolveFactorSet } from '../calculations/prepare';
import { allocateCalculationNumber } from '../calculations/number';
import { insertCalculation, newCalculationColumns } from '../calculations/state';
import { writeCalculationTags } from '../calculations/tags';
import type { DatabaseSchema } from '../db/schema';
import { isoNow, parseJson } from '../db/values';
import { badRequest, errorAnswers, forbidden, HttpError, notFound, unauthorized } from '../http/errors';
import { typed } from '../http/typed-routes';
import { requestLanguage } from '../i18n/translate';
import { resolveProductionSet } from '../machines/production';
import { allocateOrderNumber } from '../orders/number';
import { priceOrder, pricedColumns } from '../orders/quote';
import { toOrderRecord } from '../orders/resource';
import { reserve } from '../orders/transitions';
import { recordProtocol, type ProtocolActor } from '../audit/record';
import { publishCalculation } from '../reports/routes';
import type { TemplateRegistry } from '../templates/registry';
import { offeredTemplate } from './offers';
import { findOffer, quoteInputs } from './quote';
import { toStorefrontRecord } from './resource';
import { storefrontOfSecretKey } from './secret-keys';
import { enqueueWebhookEvent } from './webhooks';

const OrderHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ maxLength: 1000 })),
});
const IDEMPOTENCY_KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** JSON with object keys sorted: two bodies that differ only in key order are the same order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const bodyHash = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** The storefront of the request's secret key; 401 without one, 403 for a publishable key. */
async function orderingStorefront(db: Kysely<DatabaseSchema>, request: FastifyRequest): Promise<StorefrontRecord> {
  const key = bearerToken(request);
  if (key?.startsWith(PUBLISHABLE_KEY_PREFIX)) throw forbidden('errors.storefronts.publishableKeyCannotOrder');
  const found = key ? await storefrontOfSecretKey(db, key) : undefined;
  if (!found) throw unauthorized('errors.storefronts.secretKeyRequired');
  const row = await db.selectFrom('storefronts').selectAll().where('id', '=', found.storefrontId).executeTakeFirst();
  const storefront = row && toStorefrontRecord(row);
  if (!storefront?.active) throw notFound('errors.storefronts.unknownKey');
  return storefront;
}

/**
 * Who reads on the storefront's behalf: scoped to its mandant, never a real user (created_by stays null and the
 * protocol names the storefront).
 */
function storefrontActor(storefront: StorefrontRecord, language: Language): SessionUser {
  return {
    id: 0,
    email: '',
    name: storefront.name,
    role: 'editor',
    language,
    mandant_id: storefront.mandant_id,
    mandant_name: null,
  };
}

/** What each step of one order writes with: the storefront's mandant, channel and reference, and who acts. */
interface OrderContext {
  trx: Kysely<DatabaseSchema>;
  storefront: StorefrontRecord;
  mandantId: number;
  channel: string;
  reference: string;
  lang: Language;
  ip: string | null;
  actor: SessionUser;
  protocolActor: ProtocolActor;
  summary: { params: { channel: string; reference: string } };
}

/** The calculation an order created, as the later steps need it. */
interface OrderedCalculation {
  id: number;
  number: string;
  now: string;
  totalCo2e: StorefrontOrder['kg_co2e'];
}

/** The template the storefront offers under the requested id; 400 if not offered, or a contribution without a project. */
function orderedTemplate(templates: TemplateRegistry, storefront: StorefrontRecord, body: StorefrontOrderRequest) {
  const offer = findOffer(storefront, body.template);
  const template = offeredTemplate(templates, offer.template_id);
  if (!template) throw badRequest(msg('errors.storefronts.templateNotOffered', { template: body.template }));
  if (body.contribution && storefront.contribution_project_id === null)
    throw badRequest('errors.storefronts.noContribution', { contribution: 'errors.storefronts.noContribution' });
  return { offer, template };
}

/** The final calculation of the customer's inputs, with its tags and its protocol entry. */
async function createOrderedCalculation(
  context: OrderContext,
  templates: TemplateRegistry,
  body: StorefrontOrderRequest,
): Promise<OrderedCalculation> {
  const { trx, storefront, mandantId, channel, reference, lang } = context;
  const { offer, template } = orderedTemplate(templates, storefront, body);
  const inputs = quoteInputs(template, offer, body.inputs, `${storefront.name} · ${reference}`);
  const factors = await resolveFactorSet(trx, mandantId, undefined);
  const production = await resolveProductionSet(trx, mandantId);
  const { computed, ...columns } = computeColumns(template, inputs, factors, lang, production);
  const now = isoNow();
  const number = await allocateCalculationNumber(trx, mandantId);
  const calculationId = await insertCalculation(trx, {
    ...columns,
    mandant_id: mandantId,
    number,
    title: columns.title ?? `${storefront.name} · ${reference}`,
    tags: columns.tags ?? '[]',
    customer: null,
    status: 'final',
    channel,
    channel_reference: reference,
    created_by: null,
    updated_by: null,
    ...newCalculationColumns(now),
  });
  const tags = computed.inputs.tags;
  await writeCalculationTags(
    trx,
    { id: calculationId, mandant_id: mandantId, created_at: now, total_co2e: columns.total_co2e },
    Array.isArray(tags) ? (tags as string[]) : [],
  );
  await recordProtocol(trx, {
    action: 'created',
    resource: 'calculations',
    recordId: calculationId,
    recordLabel: number,
    mandantId,
    actor: context.protocolActor,
    summary: context.summary,
    ip: context.ip,
  });
  return { id: calculationId, number, now, totalCo2e: columns.total_co2e };
}

/** The contribution order for the calculation, placed at once (stock reserved), as the answer names it. */
async function placeContribution(
  context: OrderContext,
  calculation: OrderedCalculation,
): Promise<NonNullable<StorefrontOrder['contribution']>> {
  const { trx, storefront, mandantId, channel, reference, actor } = context;
  const { id: calculationId, now } = calculation;
  const priced = await priceOrder(trx, actor, {
    project_id: storefront.contribution_project_id!,
    calculation_id: calculationId,
  });
  const row = await trx
    .insertInto('orders')
    .values({
      mandant_id: mandantId,
      calculation_id: calculationId,
      collection_id: null,
      ...pricedColumns(priced),
      status: 'placed',
      certificate_number: null,
      registry_serials: null,
      issued_to: priced.issued_to,
      created_by: null,
      placed_at: now,
      completed_at: null,
      channel,
      channel_reference: reference,
      created_at: now,
      updated_at: now,
      number: await allocateOrderNumber(trx, mandantId),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const order = toOrderRecord(row);
  await reserve(trx, actor, order);
  await recordProtocol(trx, {
    action: 'ordered',
    resource: 'orders',
    recordId: order.id,
    recordLabel: order.number,
    mandantId,
    actor: context.protocolActor,
    summary: context.summary,
    ip: context.ip,
  });
  const project = await trx
    .selectFrom('offset_projects')
    .select('name')
    .where('id', '=', order.project_id)
    .executeTakeFirstOrThrow();
  return {
    order: order.number,
    project: localize(parseJson<LocalizedText | undefined>(project.name, undefined), context.lang, ''),
    tonnes: Number(order.tonnes_kg) / 1000,
    price_minor: Number(order.total_minor),
    currency: order.currency,
  };
}

/** Creates the calculation, the contribution order if chosen, and the verification page; answers what the shop keeps. */
async function createOrder(
  trx: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  storefront: StorefrontRecord,
  body: StorefrontOrderRequest,
  lang: Language,
  publicUrl: string,
  ip: string | null,
): Promise<StorefrontOrder> {
  const reference = body.reference.trim();
  const channel = `${STOREFRONT_CHANNEL_PREFIX}${storefront.id}`;
  const mandantId = storefront.mandant_id;
  const context: OrderContext = {
    trx,
    storefront,
    mandantId,
    channel,
    reference,
    lang,
    ip,
    actor: storefrontActor(storefront, lang),
    protocolActor: { id: null, email: null, name: `${storefront.name} (${channel})` },
    summary: { params: { channel, reference } },
  };
  const calculation = await createOrderedCalculation(context, templates, body);
  const contribution = body.contribution ? await placeContribution(context, calculation) : null;

  const page = await publishCalculation(trx, templates, context.actor, calculation.id, lang, publicUrl);
  await recordProtocol(trx, {
    action: 'published',
    resource: 'publications',
    recordId: page.id,
    recordLabel: calculation.number,
    mandantId,
    actor: context.protocolActor,
    summary: context.summary,
    ip,
  });
  if (contribution)
    await enqueueWebhookEvent(trx, storefront.id, 'contribution.ordered', {
      calculation: calculation.number,
      order: contribution.order,
      reference,
      channel,
      certificate: null,
      verification_url: page.url,
    });
  return {
    calculation: calculation.number,
    reference,
    channel,
    kg_co2e: calculation.totalCo2e,
    verification_url: page.url,
    contribution,
  };
}

export function registerStorefrontOrderRoutes(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  publicUrl: string,
): void {
  const api = typed(app);

  api.post(
    '/api/storefront/v1/orders',
    {
      schema: {
        tags: ['storefront'],
        summary:
          'The shop’s server orders (secret key): the calculation, the contribution if chosen, a verification address',
        description:
          'Send `Authorization: Bearer kontor_sk_…` and an `Idempotency-Key` (8–200 of `A–Z a–z 0–9 _ . : -`). A retry ' +
          'with the same key and body answers the first answer again (`Idempotent-Replayed: true`) and creates ' +
          'nothing; the same key with another body answers 422.',
        headers: OrderHeaders,
        body: StorefrontOrderRequest,
        response: { 201: StorefrontOrder, ...errorAnswers(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply): Promise<StorefrontOrder> => {
      const storefront = await orderingStorefront(db, request);
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
        throw badRequest('errors.storefronts.idempotencyKeyShape', {
          'Idempotency-Key': 'errors.storefronts.idempotencyKeyShape',
        });
      const lang = request.body.lang ?? requestLanguage(request);
      const hash = bodyHash(request.body);

      /** The stored answer of the key, if any: a replay of it, or 422 for another body. */
      const replay = async (): Promise<StorefrontOrder | undefined> => {
        if (idempotencyKey === undefined) return undefined;
        const stored = await db
          .selectFrom('storefront_idempotency')
          .select(['body_hash', 'status_code', 'response'])
          .where('storefront_id', '=', storefront.id)
          .where('idempotency_key', '=', idempotencyKey)
          .executeTakeFirst();
        if (!stored) return undefined;
        if (stored.body_hash !== hash)
          throw new HttpError(422, msg('errors.storefronts.idempotencyMismatch', { key: idempotencyKey }));
        void reply.status(stored.status_code as 201).header('Idempotent-Replayed', 'true');
        return stored.response === null ? undefined : parseJson<StorefrontOrder>(stored.response, undefined as never);
      };

      const earlier = await replay();
      if (earlier) return earlier;
      try {
        const answer = await db.transaction().execute(async (trx) => {
          if (idempotencyKey !== undefined)
            await trx
              .insertInto('storefront_idempotency')
              .values({
                storefront_id: storefront.id,
                idempotency_key: idempotencyKey,
                body_hash: hash,
                status_code: 201,
                response: null,
                created_at: isoNow(),
              })
              .execute();
          const created = await createOrder(trx, templates, storefront, request.body, lang, publicUrl, request.ip);
          if (idempotencyKey !== undefined)
            await trx
              .updateTable('storefront_idempotency')
              .set({ response: JSON.stringify(created) })
              .where('storefront_id', '=', storefront.id)
              .where('idempotency_key', '=', idempotencyKey)
              .execute();
          return created;
        });
        // The contribution's webhook, written with the order, goes out now.
        app.kontor.webhooks.wake();
        return reply.status(201).send(answer);
      } catch (error) {
        // A concurrent request with the same key committed first: answer as it did.
        if (isUniqueViolation(error)) {
          const concurrent = await replay();
          if (concurrent) return concurrent;
        }
        throw error;
      }
    },
  );
}
