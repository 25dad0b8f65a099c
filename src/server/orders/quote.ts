/**
 * The figures of an order before it exists: subject, project checks, tonnes rounded up by the
 * mandant's rule and the price. Used by the draft (POST /api/orders) and the review (GET quote).
 */
import type { Kysely } from 'kysely';
import type { CreateOrderRequest, OrderQuote, SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { toBoolean } from '../db/values';
import { mandantProfile } from '../mandants/resource';
import { badRequest, conflict } from '../refusals';
import { orderMessage } from './messages';
import { orderedKg, priceMinor, roundingStepKg } from './quantity';
import { resolveOrderSubject, type OrderSubject } from './subject';

/** An order's subject and project: the draft's body or the review's query. */
type QuoteRequest = Omit<CreateOrderRequest, 'issued_to'>;

export interface PricedOrder extends OrderQuote {
  subject: OrderSubject;
  project_id: number;
}

/** The columns of an `orders` row a priced order fills: the draft's and a storefront's placed contribution alike. */
export function pricedColumns(priced: PricedOrder) {
  return {
    project_id: priced.project_id,
    calculation_ids: JSON.stringify(priced.calculation_ids),
    co2e_kg: priced.co2e_kg,
    tonnes_kg: priced.tonnes_kg,
    price_per_tonne_minor: priced.price_per_tonne_minor,
    total_minor: priced.total_minor,
    currency: priced.currency,
  };
}

export async function priceOrder(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  body: QuoteRequest,
): Promise<PricedOrder> {
  const subject = await resolveOrderSubject(db, user, body);
  const project = await db
    .selectFrom('offset_projects')
    .selectAll()
    .where('id', '=', body.project_id)
    .executeTakeFirst();
  if (!project) throw badRequest(orderMessage('projectNotFound'), { project_id: orderMessage('projectNotFound') });
  if (!toBoolean(project.active))
    throw badRequest(orderMessage('projectInactive'), { project_id: orderMessage('projectInactive') });

  const mandant = await mandantProfile(db, subject.mandantId);
  const settings = mandant.settings;
  const stepKg = roundingStepKg(settings);
  const tonnesKg = orderedKg(subject.co2eKg, stepKg);
  if (tonnesKg <= 0) throw badRequest(orderMessage('zeroTonnes'));
  if (tonnesKg > Number(project.tonnes_available_kg))
    throw conflict(orderMessage('notEnoughStock'), { project_id: orderMessage('notEnoughStock') });
  const pricePerTonne = Number(project.price_per_tonne_minor);
  return {
    subject,
    project_id: Number(project.id),
    calculation_ids: subject.calculationIds,
    co2e_kg: subject.co2eKg,
    tonnes_kg: tonnesKg,
    rounding_kg: stepKg,
    price_per_tonne_minor: pricePerTonne,
    total_minor: priceMinor(tonnesKg, pricePerTonne),
    currency: String(project.currency),
    issued_to: settings.certificate_name?.trim() || mandant.name,
  };
}
