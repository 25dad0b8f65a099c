/**
 * What an order covers: one calculation, or the not yet offset calculations of a collection, with
 * their total kg CO2e. Lookups are tenant-scoped, so another mandant's calculation is a 404.
 */
import { selectCalculationIds } from '../calculations/state';
import type { Kysely } from 'kysely';
import type { CreateOrderRequest, SessionUser } from '../../core/api';
import { collectionCalculationIds } from '../collections/totals';
import type { DatabaseSchema } from '../db/schema';
import { toBoolean } from '../db/values';
import { badRequest, conflict, notFound } from '../refusals';
import { scopeToMandant } from '../http/tenant-scope';
import { alreadyOrderedMessage, orderMessage } from './messages';

type OrderSubjectRequest = Pick<CreateOrderRequest, 'calculation_id' | 'collection_id'>;

export interface OrderSubject {
  mandantId: number;
  calculationId: number | null;
  collectionId: number | null;
  calculationIds: number[];
  co2eKg: number;
}

interface CalculationRow {
  id: number;
  mandant_id: number;
  number: string;
  total_co2e: number;
  frozen: boolean | number;
}

export async function calculationRows(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
  ids: readonly number[],
): Promise<CalculationRow[]> {
  if (ids.length === 0) return [];
  return selectCalculationIds(db)
    .select(['calculations.mandant_id', 'calculations.number', 'calculation_state.total_co2e', 'calculations.frozen'])
    .where('calculations.mandant_id', '=', mandantId)
    .where('calculations.id', 'in', [...ids])
    .orderBy('calculations.id')
    .execute();
}

export const sumCo2e = (rows: readonly { total_co2e: number }[]): number =>
  rows.reduce((sum, row) => sum + Number(row.total_co2e), 0);

export async function resolveOrderSubject(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  body: OrderSubjectRequest,
): Promise<OrderSubject> {
  const hasCalculation = body.calculation_id !== undefined && body.calculation_id !== null;
  const hasCollection = body.collection_id !== undefined && body.collection_id !== null;
  if (hasCalculation === hasCollection) {
    const message = orderMessage('subjectRequired');
    throw badRequest(message, { calculation_id: message, collection_id: message });
  }

  if (hasCalculation) {
    const row = await scopeToMandant(selectCalculationIds(db), user, 'calculations.mandant_id')
      .select(['calculations.mandant_id', 'calculations.number', 'calculation_state.total_co2e', 'calculations.frozen'])
      .where('calculations.id', '=', body.calculation_id!)
      .executeTakeFirst();
    if (!row) throw notFound(orderMessage('calculationNotFound'));
    if (toBoolean(row.frozen)) throw conflict(orderMessage('alreadyOrdered', { numbers: row.number }));
    return {
      mandantId: row.mandant_id,
      calculationId: row.id,
      collectionId: null,
      calculationIds: [row.id],
      co2eKg: Number(row.total_co2e),
    };
  }

  const collection = await scopeToMandant(db.selectFrom('collections'), user, 'mandant_id')
    .select(['id', 'mandant_id'])
    .where('id', '=', body.collection_id!)
    .executeTakeFirst();
  const ids = collection ? await collectionCalculationIds(db, collection.mandant_id, collection.id) : null;
  if (!collection || !ids || ids.length === 0) throw notFound(orderMessage('collectionNotFound'));
  const rows = await calculationRows(db, collection.mandant_id, ids);
  const open = rows.filter((row) => !toBoolean(row.frozen));
  if (open.length === 0) throw conflict(alreadyOrderedMessage(rows.map((r) => r.number)));
  return {
    mandantId: collection.mandant_id,
    calculationId: null,
    collectionId: collection.id,
    calculationIds: open.map((r) => r.id),
    co2eKg: sumCo2e(open),
  };
}
