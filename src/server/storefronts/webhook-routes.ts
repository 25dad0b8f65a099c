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
import { currentUser } from '../auth/authenticate';
import { newShownOnceSecret } from '../auth/tokens';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { badRequest } from '../http/errors';
import { idParams, idSchema } from '../http/record-id';
import { recordColumns } from '../http/list-columns';
import { parseListQuery } from '../http/list-query';
import { contentRange, listQuerystring } from '../http/list-route';
import { columnRef, selectPage, whereListed } from '../http/list-sql';
import { typed } from '../http/typed-routes';
import {
  findStorefront,
  inOwnStorefront,
  orMissing,
  registerCredentialRoutes,
  storefrontRoute,
  type StorefrontCredential,
} from './storefront-routes';
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

const DeliveryParams = Type.Object({ id: idSchema, deliveryId: idSchema });

const deliveries = (trx: Kysely<DatabaseSchema>) =>
  trx
    .selectFrom('storefront_webhook_deliveries as d')
    .innerJoin('storefront_webhooks as w', 'w.id', 'd.webhook_id')
    .select(DELIVERY_COLUMNS);

/** The storefront's webhook endpoints: listed in the order added, deleted with their deliveries. */
const webhooks: StorefrontCredential<
  typeof CreateStorefrontWebhookRequest,
  string,
  StorefrontWebhookRecord,
  { secret: string }
> = {
  path: 'webhooks',
  idParam: 'webhookId',
  resource: 'storefront-webhooks',
  record: StorefrontWebhookRecord,
  body: CreateStorefrontWebhookRequest,
  created: CreatedStorefrontWebhook,
  summaries: {
    list: 'A storefront’s webhook endpoints (without their signing secrets)',
    create: 'Add a webhook endpoint; the answer is the only time its signing secret is shown',
    remove: 'Delete a webhook endpoint and its deliveries (nothing more is sent to it)',
  },
  description:
    'Kontor posts `contribution.ordered` and `certificate.issued` to the address, signed with ' +
    '`Kontor-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (tolerance 5 minutes).',
  max: MAX_STOREFRONT_WEBHOOKS,
  tooMany: 'errors.storefronts.tooManyWebhooks',
  list: async (db, storefrontId) =>
    (
      await db
        .selectFrom('storefront_webhooks')
        .select(WEBHOOK_COLUMNS)
        .where('storefront_id', '=', storefrontId)
        .orderBy('id')
        .execute()
    ).map(toWebhookRecord),
  values: (body) => checkedUrl(body.url),
  insert: async (trx, owner, url) => {
    // Kept as it is, not its hash: HMAC signs with the secret itself (docs/storefront.md, Webhooks).
    const secret = newShownOnceSecret(WEBHOOK_SECRET_PREFIX);
    const row = await trx
      .insertInto('storefront_webhooks')
      .values({
        ...owner,
        url,
        secret: secret.value,
        hint: secret.hint,
      })
      .returning(WEBHOOK_COLUMNS)
      .executeTakeFirstOrThrow();
    return { record: toWebhookRecord(row), shown: { secret: secret.value } };
  },
  remove: async (trx, storefrontId, id) => {
    const row = await trx
      .deleteFrom('storefront_webhooks')
      .where('id', '=', id)
      .where('storefront_id', '=', storefrontId)
      .returning(WEBHOOK_COLUMNS)
      .executeTakeFirst();
    return row && toWebhookRecord(row);
  },
  name: (record) => record.url,
};

function registerDeliveryListRoute(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  api.get(
    '/api/storefronts/:id/webhook-deliveries',
    storefrontRoute(app, 'read', {
      summary: 'A storefront’s webhook deliveries with the last response, a page at a time (newest first by default)',
      params: idParams,
      querystring: listQuerystring({ sort: 'JSON: ["field","ASC"|"DESC"]; default ["created_at","DESC"]' }),
      response: { 200: Type.Array(StorefrontWebhookDeliveryRecord) },
    }),
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
    storefrontRoute(app, 'update', {
      summary: 'Send a delivery’s event again: a new delivery with the same event id, sent at once',
      params: DeliveryParams,
      response: { 201: StorefrontWebhookDeliveryRecord },
    }),
    async (request, reply): Promise<StorefrontWebhookDeliveryRecord> => {
      const { deliveryId } = request.params;
      const created = await inOwnStorefront(db, request, request.params.id, async (trx, storefront) => {
        const original = orMissing(
          await trx
            .selectFrom('storefront_webhook_deliveries')
            .selectAll()
            .where('id', '=', deliveryId)
            .where('storefront_id', '=', storefront.id)
            .executeTakeFirst(),
          'storefront-webhook-deliveries',
          deliveryId,
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
  registerCredentialRoutes(app, db, webhooks);
  registerDeliveryListRoute(app, db);
  registerDeliveryResendRoute(app, db);
}
