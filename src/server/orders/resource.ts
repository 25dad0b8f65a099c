/**
 * The `orders` resource on the simple-rest plumbing: tenant-scoped, list with a status filter.
 * POST creates a DRAFT (the review step) with figures the server computes; only a draft's
 * `issued_to` can be changed, and only drafts can be deleted. Status changes go through the
 * transition routes (transitions.ts), never through PUT.
 */
import { CreateOrderRequest, OrderRecord, UpdateOrderRequest } from '../../core/api';
import { conflict } from '../refusals';
import type { RestResourceDefinition } from '../http/rest-resource';
import { recordOfRow } from '../db/values';
import { orderMessage } from './messages';
import { allocateOrderNumber } from './number';
import { priceOrder, pricedColumns } from './quote';
import { withChannelNames } from '../calculations/channel-names';

export const toOrderRecord = recordOfRow(OrderRecord);

export const ordersResource: RestResourceDefinition<OrderRecord, typeof CreateOrderRequest, typeof UpdateOrderRequest> =
  {
    name: 'orders',
    table: 'orders',
    tenantColumn: 'mandant_id',
    unlisted: ['price_per_tonne_minor', 'version'],
    columnTypes: { tonnes_kg: { type: 'number' }, total_minor: { type: 'number' } },
    searchable: ['number', 'issued_to', 'certificate_number'],
    access: 'orders',
    toRecords: async (rows, ctx) => (await withChannelNames(ctx.db, rows)).map(toOrderRecord),
    recordSchema: OrderRecord,
    createSchema: CreateOrderRequest,
    updateSchema: UpdateOrderRequest,

    async beforeCreate(body, ctx) {
      const priced = await priceOrder(ctx.db, ctx.user, body);
      return {
        mandant_id: priced.subject.mandantId,
        calculation_id: priced.subject.calculationId,
        collection_id: priced.subject.collectionId,
        ...pricedColumns(priced),
        status: 'draft',
        certificate_number: null,
        registry_serials: null,
        issued_to: body.issued_to?.trim() || priced.issued_to,
        created_by: ctx.user.id,
        // Last, so a rejected request never uses up a number.
        number: await allocateOrderNumber(ctx.db, priced.subject.mandantId),
      };
    },

    async beforeUpdate(body, existing, _ctx) {
      const issuedTo = body.issued_to?.trim();
      if (issuedTo === undefined || issuedTo === existing.issued_to) return {};
      if (existing.status !== 'draft') throw conflict(orderMessage('onlyDrafts'));
      return { issued_to: issuedTo };
    },

    async beforeDelete(existing, _ctx) {
      if (existing.status !== 'draft') throw conflict(orderMessage('onlyDrafts'));
    },
  };
