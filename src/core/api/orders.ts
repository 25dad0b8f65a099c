/** Orders of CO2 offset contributions for a calculation or a collection (quantities in kg, money in minor units). */

export const ORDER_STATUSES = ['draft', 'placed', 'confirmed', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_TRANSITIONS = ['place', 'confirm', 'complete', 'cancel'] as const;
export type OrderTransition = (typeof ORDER_TRANSITIONS)[number];

/** An order of a CO2 offset contribution for a calculation or a collection (`orders`). */
export interface OrderRecord {
  id: number;
  mandant_id: number;
  /** `B-<year>-<6 digits>`, unique per mandant. */
  number: string;
  project_id: number;
  calculation_id: number | null;
  collection_id: number | null;
  /** The calculations the order covers (one, or the collection's at ordering time). */
  calculation_ids: number[];
  /** Sum of the calculations' total_co2e in kg at ordering time. */
  co2e_kg: number;
  /** Ordered quantity in kg (the total rounded up to the mandant's step). */
  tonnes_kg: number;
  price_per_tonne_minor: number;
  total_minor: number;
  currency: string;
  status: OrderStatus;
  certificate_number: string | null;
  issued_to: string;
  created_by: number | null;
  placed_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** `GET /api/orders/quote?project_id=&calculation_id=|collection_id=`: what an order would cost. */
export interface OrderQuote {
  calculation_ids: number[];
  co2e_kg: number;
  tonnes_kg: number;
  rounding_kg: number;
  price_per_tonne_minor: number;
  total_minor: number;
  currency: string;
  issued_to: string;
}

/** From which status each transition moves an order where; who may apply it is the access policy's (`core/access/policy.ts`). */
export const ORDER_TRANSITION_RULES: Record<OrderTransition, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  place: { from: ['draft'], to: 'placed' },
  confirm: { from: ['placed'], to: 'confirmed' },
  complete: { from: ['confirmed'], to: 'completed' },
  cancel: { from: ['draft', 'placed'], to: 'cancelled' },
};
