/**
 * A storefront's webhooks in the back office (issue 39, item 4), for the mandant's admins (`storefronts` in the access
 * policy):
 *   GET    /api/storefronts/:id/webhooks                                 → StorefrontWebhookRecord[] (without secrets)
 *   POST   /api/storefronts/:id/webhooks   {url}                          → 201, the signing secret shown this once
 *   DELETE /api/storefronts/:id/webhooks/:webhookId                       → 204 (its deliveries go with it)
 *   GET    /api/storefronts/:id/webhook-deliveries                        → deliveries, through the list engine
 *   POST   /api/storefronts/:id/webhook-deliveries/:deliveryId/resend     → 201, a new delivery of the same event
 * A storefront of another mandant answers as a missing one, and so does an endpoint or delivery of another storefront.
 * Adding and deleting an endpoint are written to the protocol (resource `storefront-webhooks`, never the secret).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import {
  CreatedStorefrontWebhook,
  CreateStorefrontWebhookRequest,
  MAX_STOREFRONT_WEBHOOKS,
  StorefrontWebhookDeliveryRecord,
  StorefrontWebhookRecord,
  WEBHOOK_SECRET_PREFIX,
} from '../../core/api';
import { NoContent } from '../../core/api/schema';
import { msg } from '../../core/i18n/error-keys';
import { currentUser, requireAccess } from '../auth/authenticate';
import { newShownOnceSecret } from '../auth/tokens';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { badRequest, conflict, errorAnswers, notFound } from '../http/errors';
import { idSchema } from '../http/record-id';
import { recordColumns } from '../http/list-columns';
import { parseListQuery } from '../http/list-query';
import { contentRange, listQuerystring } from '../http/list-route';
import { columnRef, selectPage, whereListed } from '../http/list-sql';
import { typed } from '../http/typed-routes';
import { recordChange } from '../audit/change';
import { findStorefront } from './secret-keys';
import { pendingDelivery } from './webhooks';
import './schema';

const WEBHOOK_COLUMNS = ['id', 'storefront_id', 'url', 'hint', 'created_at'] as const;

const toWebhookRecord = (row: Record<(typeof WEBHOOK_COLUMNS)[number], unknown>): StorefrontWebhookRecord => ({
  id: Number(row.id),
  storefront_id: Number(row.storefront_id),
  url: String(row.url),
  hint: String(row.hint),
  created_at: String(row.created_at),
});

const DELIVERY_COLUMNS = [
  'd.id',
  'd.webhook_id',
  'w.url',
  'd.event_id',
  'd.event_type',
  'd.status',
  'd.attempts',
  'd.next_attempt_at',
  'd.last_attempt_at',
  'd.response_code',
  'd.response_body',
  'd.error',
  'd.created_at',
] as const;

type DeliveryRow = {
  id: number;
  webhook_id: number;
  url: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_code: number | null;
  response_body: string | null;
  error: string | null;
  created_at: string;
};

/** What the deliveries' list sorts and filters by: the record's scalar fields (the list engine's columns). */
const DELIVERY_LIST_COLUMNS = recordColumns(StorefrontWebhookDeliveryRecord, {
  narrowed: { response_body: { filterable: false, sortable: false } },
});

const toDeliveryRecord = (row: DeliveryRow): StorefrontWebhookDeliveryRecord => ({
  id: Number(row.id),
  webhook_id: Number(row.webhook_id),
  url: row.url,
  event_id: row.event_id,
  event_type: row.event_type as StorefrontWebhookDeliveryRecord['event_type'],
  status: row.status as StorefrontWebhookDeliveryRecord['status'],
  attempts: Number(row.attempts),
  next_attempt_at: row.next_attempt_at,
  last_attempt_at: row.last_attempt_at,
  response_code: row.response_code === null ? null : Number(row.response_code),
  response_body: row.response_body,
  error: row.error as StorefrontWebhookDeliveryRecord['error'],
  created_at: String(row.created_at),
});

/** An http(s) address a server can post to: no user or password in it, no fragment. */
function checkedUrl(raw: string): string {
  const fault = () => badRequest('errors.storefronts.webhookUrl', { url: 'errors.storefronts.webhookUrl' });
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw fault();
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.hash || !url.hostname)
    throw fault();
  return url.toString();
}

const errorResponses = errorAnswers(400, 401, 403, 404, 409);
const StorefrontParams = Type.Object({ id: idSchema });
const WebhookParams = Type.Object({ id: idSchema, webhookId: idSchema });
const DeliveryParams = Type.Object({ id: idSchema, deliveryId: idSchema });
const tags = ['storefronts'];

const deliveries = (trx: Kysely<DatabaseSchema>) =>
  trx
    .selectFrom('storefront_webhook_deliveries as d')
    .innerJoin('storefront_webhooks as w', 'w.id', 'd.webhook_id')
    .select(DELIVERY_COLUMNS);

function registerWebhookListRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  api.get(
    '/api/storefronts/:id/webhooks',
    {
      onRequest: [app.authenticate, requireAccess('read', 'storefronts')],
      schema: {
        tags,
        summary: 'A storefront’s webhook endpoints (without their signing secrets)',
        params: StorefrontParams,
        response: { 200: Type.Array(StorefrontWebhookRecord), ...errorResponses },
      },
    },
    async (request): Promise<StorefrontWebhookRecord[]> => {
      const storefront = await findStorefront(db, currentUser(request), request.params.id);
      const rows = await db
        .selectFrom('storefront_webhooks')
        .select(WEBHOOK_COLUMNS)
        .where('storefront_id', '=', storefront.id)
        .orderBy('id')
        .execute();
      return rows.map(toWebhookRecord);
    },
  );
}

function registerWebhookCreateRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  api.post(
    '/api/storefronts/:id/webhooks',
    {
      onRequest: [app.authenticate, requireAccess('update', 'storefronts')],
      schema: {
        tags,
        summary: 'Add a webhook endpoint; the answer is the only time its signing secret is shown',
        description:
          'Kontor posts `contribution.ordered` and `certificate.issued` to the address, signed with ' +
          '`Kontor-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (tolerance 5 minutes).',
        params: StorefrontParams,
        body: CreateStorefrontWebhookRequest,
        response: { 201: CreatedStorefrontWebhook, ...errorResponses },
      },
    },
    async (request, reply): Promise<CreatedStorefrontWebhook> => {
      const user = currentUser(request);
      const url = checkedUrl(request.body.url);
      const created = await db.transaction().execute(async (trx) => {
        const storefront = await findStorefront(trx, user, request.params.id);
        const existing = await trx
          .selectFrom('storefront_webhooks')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('storefront_id', '=', storefront.id)
          .executeTakeFirst();
        if (Number(existing?.n ?? 0) >= MAX_STOREFRONT_WEBHOOKS)
          throw conflict(msg('errors.storefronts.tooManyWebhooks', { max: MAX_STOREFRONT_WEBHOOKS }));
        // Kept as it is, not its hash: HMAC signs with the secret itself (docs/storefront.md, Webhooks).
        const secret = newShownOnceSecret(WEBHOOK_SECRET_PREFIX);
        const row = await trx
          .insertInto('storefront_webhooks')
          .values({
            storefront_id: storefront.id,
            mandant_id: storefront.mandant_id,
            url,
            secret: secret.value,
            hint: secret.hint,
            created_by: user.id,
            created_at: isoNow(),
          })
          .returning(WEBHOOK_COLUMNS)
          .executeTakeFirstOrThrow();
        const record = toWebhookRecord(row);
        await recordChange(trx, request, {
          action: 'created',
          resource: 'storefront-webhooks',
          record,
          label: `${storefront.name}: ${record.url}`,
          mandantId: storefront.mandant_id,
        });
        return { ...record, secret: secret.value };
      });
      return reply.status(201).send(created);
    },
  );
}

function registerWebhookDeleteRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  api.delete(
    '/api/storefronts/:id/webhooks/:webhookId',
    {
      onRequest: [app.authenticate, requireAccess('update', 'storefronts')],
      schema: {
        tags,
        summary: 'Delete a webhook endpoint and its deliveries (nothing more is sent to it)',
        params: WebhookParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await db.transaction().execute(async (trx) => {
        const storefront = await findStorefront(trx, user, request.params.id);
        const row = await trx
          .deleteFrom('storefront_webhooks')
          .where('id', '=', request.params.webhookId)
          .where('storefront_id', '=', storefront.id)
          .returning(WEBHOOK_COLUMNS)
          .executeTakeFirst();
        if (!row)
          throw notFound(msg('errors.noRecord', { resource: 'storefront-webhooks', id: request.params.webhookId }));
        const record = toWebhookRecord(row);
        await recordChange(trx, request, {
          action: 'deleted',
          resource: 'storefront-webhooks',
          record,
          label: `${storefront.name}: ${record.url}`,
          mandantId: storefront.mandant_id,
        });
      });
      return reply.status(204).send();
    },
  );
}

function registerDeliveryListRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  api.get(
    '/api/storefronts/:id/webhook-deliveries',
    {
      onRequest: [app.authenticate, requireAccess('read', 'storefronts')],
      schema: {
        tags,
        summary: 'A storefront’s webhook deliveries with the last response, a page at a time (newest first by default)',
        params: StorefrontParams,
        querystring: listQuerystring({ sort: 'JSON: ["field","ASC"|"DESC"]; default ["created_at","DESC"]' }),
        response: { 200: Type.Array(StorefrontWebhookDeliveryRecord), ...errorResponses },
      },
    },
    async (request, reply): Promise<StorefrontWebhookDeliveryRecord[]> => {
      const query = parseListQuery(request.query, DELIVERY_LIST_COLUMNS, []);
      if (request.query.sort === undefined) query.sort = { field: 'created_at', order: 'desc' };
      const storefront = await findStorefront(db, currentUser(request), request.params.id);
      // The storefront's deliveries as one derived table, so the list engine filters and sorts by the record's names.
      const listed = db.selectFrom(deliveries(db).where('d.storefront_id', '=', storefront.id).as('delivery'));
      const { rows, total } = await selectPage(whereListed(listed, query, []), query, {
        ref: columnRef,
        select: (selected) => selected.selectAll().$castTo<DeliveryRow>(),
      });
      void reply.header(
        'Content-Range',
        contentRange('storefront-webhook-deliveries', query.range.start, rows.length, total),
      );
      return rows.map(toDeliveryRecord);
    },
  );
}

function registerDeliveryResendRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  api.post(
    '/api/storefronts/:id/webhook-deliveries/:deliveryId/resend',
    {
      onRequest: [app.authenticate, requireAccess('update', 'storefronts')],
      schema: {
        tags,
        summary: 'Send a delivery’s event again: a new delivery with the same event id, sent at once',
        params: DeliveryParams,
        response: { 201: StorefrontWebhookDeliveryRecord, ...errorResponses },
      },
    },
    async (request, reply): Promise<StorefrontWebhookDeliveryRecord> => {
      const user = currentUser(request);
      const created = await db.transaction().execute(async (trx) => {
        const storefront = await findStorefront(trx, user, request.params.id);
        const original = await trx
          .selectFrom('storefront_webhook_deliveries')
          .selectAll()
          .where('id', '=', request.params.deliveryId)
          .where('storefront_id', '=', storefront.id)
          .executeTakeFirst();
        if (!original)
          throw notFound(
            msg('errors.noRecord', { resource: 'storefront-webhook-deliveries', id: request.params.deliveryId }),
          );
        const now = new Date(app.kontor.webhooks.now()).toISOString();
        const inserted = await trx
          .insertInto('storefront_webhook_deliveries')
          .values({
            webhook_id: original.webhook_id,
            storefront_id: original.storefront_id,
            mandant_id: original.mandant_id,
            event_id: original.event_id,
            event_type: original.event_type,
            payload: original.payload,
            ...pendingDelivery(now),
            created_at: isoNow(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return toDeliveryRecord(
          (await deliveries(trx).where('d.id', '=', inserted.id).executeTakeFirstOrThrow()) as DeliveryRow,
        );
      });
      app.kontor.webhooks.wake();
      return reply.status(201).send(created);
    },
  );
}

export function registerStorefrontWebhookRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  registerWebhookListRoute(app, db);
  registerWebhookCreateRoute(app, db);
  registerWebhookDeleteRoute(app, db);
  registerDeliveryListRoute(app, db);
  registerDeliveryResendRoute(app, db);
}
