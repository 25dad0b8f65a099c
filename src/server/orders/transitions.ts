/**
 * The order lifecycle: draft → placed → confirmed → completed, and draft|placed → cancelled.
 * Each transition runs in ONE transaction with its protocol entry. Placing reserves the project's
 * stock with one conditional UPDATE (… WHERE tonnes_available_kg >= x) and freezes the calculations,
 * so concurrent orders can never oversell and a calculation is never ordered twice; cancelling a
 * placed order gives both back.
 */
import type { FastifyRequest } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import { sql, type Kysely } from 'kysely';
import { ORDER_TRANSITION_RULES, type OrderRecord, type OrderTransition, type SessionUser } from '../../core/api';
import { can } from '../../core/access/policy';
import { currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { dialectOf } from '../db/dialect';
import { isoNow, parseJson, toBoolean } from '../db/values';
import { badRequest, conflict, forbidden, notFound } from '../refusals';
import { rowsOfMandant, scopeToMandant } from '../http/tenant-scope';
import { recordChange } from '../audit/change';
import { alreadyOrderedMessage, orderMessage } from './messages';
import { certificateNumber } from './number';
import { orderedKg, roundingStepKg } from './quantity';
import { toOrderRecord } from './resource';
import { withChannelNames } from '../calculations/channel-names';
import { calculationRows, sumCo2e } from './subject';

export const TRANSITIONS = ORDER_TRANSITION_RULES;

/**
 * What other modules do when an order moves, inside its transaction: given to the orders plugin at registration
 * (routes.ts), since those modules sit above orders.
 */
export interface OrderEvents {
  /** The order was completed (its certificate issued). */
  completed(trx: Kysely<DatabaseSchema>, order: OrderRecord, publicUrl: string): Promise<unknown>;
}

/** The caller's order (another mandant's answers 404 like a missing one). */
export async function findOrder(db: Kysely<DatabaseSchema>, user: SessionUser, id: number): Promise<OrderRecord> {
  const row = await scopeToMandant(db.selectFrom('orders'), user, 'mandant_id')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(msg('errors.noRecord', { resource: 'orders', id: id }));
  const [named] = await withChannelNames(db, [row]);
  return toOrderRecord(named!);
}

/** Reserves the stock and freezes the calculations of a draft being placed (also a shop's order, storefronts/orders.ts). */
export async function reserve(trx: Kysely<DatabaseSchema>, _user: SessionUser, order: OrderRecord): Promise<void> {
  const project = await trx
    .selectFrom('offset_projects')
    .select(['active'])
    .where('id', '=', order.project_id)
    .executeTakeFirst();
  if (!project || !toBoolean(project.active))
    throw badRequest(orderMessage('projectInactive'), { project_id: orderMessage('projectInactive') });

  // PostgreSQL: the calculations' state rows are locked first, so a migration apply or rollback of them either
  // committed before the figures below are read, or waits for this order and then finds them frozen (apply.ts).
  // SQLite runs one writing transaction at a time.
  if (dialectOf(trx) === 'postgres' && order.calculation_ids.length > 0)
    await trx
      .selectFrom('calculation_state')
      .select('calculation_id')
      .where('calculation_id', 'in', order.calculation_ids)
      .orderBy('calculation_id')
      .forUpdate()
      .execute();
  // The draft's figures are what the user reviewed: calculations edited since then need a new order.
  const rows = await calculationRows(trx, order.mandant_id, order.calculation_ids);
  const frozen = rows.filter((row) => toBoolean(row.frozen));
  if (frozen.length > 0) throw conflict(alreadyOrderedMessage(frozen.map((r) => r.number)));
  const mandant = await trx
    .selectFrom('mandants')
    .select('settings')
    .where('id', '=', order.mandant_id)
    .executeTakeFirstOrThrow();
  const tonnesNow = orderedKg(sumCo2e(rows), roundingStepKg(parseJson(mandant.settings, {})));
  if (rows.length !== order.calculation_ids.length || tonnesNow !== order.tonnes_kg)
    throw conflict(orderMessage('changedSinceDraft'));

  const reserved = await trx
    .updateTable('offset_projects')
    .set({ tonnes_available_kg: sql`tonnes_available_kg - ${order.tonnes_kg}` })
    .where('id', '=', order.project_id)
    .where('tonnes_available_kg', '>=', order.tonnes_kg)
    .executeTakeFirst();
  if (Number(reserved.numUpdatedRows) !== 1)
    throw conflict(orderMessage('notEnoughStock'), { project_id: orderMessage('notEnoughStock') });

  // `frozen = false` in the condition: a concurrent order of the same calculation froze it first → 409.
  const froze = await trx
    .updateTable('calculations')
    .set({ frozen: true })
    .where(rowsOfMandant(order.mandant_id, order.calculation_ids))
    .where('frozen', '=', false)
    .executeTakeFirst();
  if (Number(froze.numUpdatedRows) !== order.calculation_ids.length)
    throw conflict(alreadyOrderedMessage(rows.map((r) => r.number)));
}

/** Gives the stock back and unfreezes the calculations of a placed order being cancelled. */
async function release(trx: Kysely<DatabaseSchema>, order: OrderRecord): Promise<void> {
  await trx
    .updateTable('offset_projects')
    .set({ tonnes_available_kg: sql`tonnes_available_kg + ${order.tonnes_kg}` })
    .where('id', '=', order.project_id)
    .execute();
  if (order.calculation_ids.length > 0) {
    await trx
      .updateTable('calculations')
      .set({ frozen: false })
      .where(rowsOfMandant(order.mandant_id, order.calculation_ids))
      .execute();
  }
}

export async function applyTransition(
  db: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  orderId: number,
  transition: OrderTransition,
  events: OrderEvents,
  details: { registrySerials?: string } = {},
): Promise<OrderRecord> {
  const user = currentUser(request);
  const rule = TRANSITIONS[transition];
  const moved = await db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, user, orderId);
    if (!can(user.role, transition, 'orders')) throw forbidden(orderMessage('roleForbidden'));
    const illegal = () => conflict(orderMessage('illegalTransition', { transition, from: order.status }));
    if (!rule.from.includes(order.status)) throw illegal();

    const now = isoNow();
    const values: Record<string, unknown> = { status: rule.to, updated_at: now };
    if (transition === 'place') values.placed_at = now;
    if (transition === 'complete') {
      values.completed_at = now;
      values.certificate_number = certificateNumber(order.id);
      values.registry_serials = details.registrySerials?.trim() || null;
    }
    // Conditional on the status read above: of two concurrent transitions of one order, one wins.
    const moved = await trx
      .updateTable('orders')
      .set(values)
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw illegal();

    if (transition === 'place') await reserve(trx, user, order);
    if (transition === 'cancel' && order.status === 'placed') await release(trx, order);

    const updated = await findOrder(trx, user, order.id);
    await recordChange(trx, request, {
      action: transition === 'place' ? 'ordered' : 'status_changed',
      resource: 'orders',
      record: updated,
      previous: order,
      params: { from: order.status, to: updated.status },
    });
    // A shop's order: its storefront's webhooks learn of the certificate (storefronts/webhooks.ts, given in routes.ts).
    if (transition === 'complete') await events.completed(trx, updated, request.server.kontor.config.publicUrl);
    return updated;
  });
  if (transition === 'complete' && moved.channel) request.server.kontor.webhooks.wake();
  return moved;
}
