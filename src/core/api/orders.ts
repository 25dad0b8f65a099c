/** Orders of CO2 offset contributions for a calculation or a collection (quantities in kg, money in minor units). */
import type { Static } from 'typebox';
import {
  ChannelFields,
  MandantRecordHead,
  Nullable,
  RecordId,
  StringEnum,
  Type,
  UserRef,
  VersionedFields,
} from './schema';
import { ORDER_STATUSES } from './vocabulary';

export {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  ORDER_TRANSITION_RULES,
  type OrderStatus,
  type OrderTransition,
} from './vocabulary';

/** What an order costs: the price per tonne, the total (both in minor units) and their currency. */
const orderPrice = {
  price_per_tonne_minor: Type.Integer(),
  total_minor: Type.Integer(),
  currency: Type.String(),
};

/** An order of a CO2 offset contribution for a calculation or a collection (`orders`). */
export const OrderRecord = Type.Object({
  ...MandantRecordHead,
  /** `B-<year>-<6 digits>`, unique per mandant. */
  number: Type.String(),
  project_id: Type.Integer(),
  calculation_id: Nullable(Type.Integer()),
  collection_id: Nullable(Type.Integer()),
  /** The calculations the order covers (one, or the collection's at ordering time). */
  calculation_ids: Type.Array(Type.Integer()),
  /** Sum of the calculations' total_co2e in kg at ordering time. */
  co2e_kg: Type.Number(),
  /** Ordered quantity in kg (the total rounded up to the mandant's step). */
  tonnes_kg: Type.Integer(),
  ...orderPrice,
  status: StringEnum(ORDER_STATUSES),
  certificate_number: Nullable(Type.String()),
  /** The registry serial numbers of the units retired (the certificate prints them); null: none recorded. */
  registry_serials: Nullable(Type.String()),
  issued_to: Type.String(),
  created_by: UserRef(),
  placed_at: Nullable(Type.String()),
  completed_at: Nullable(Type.String()),
  ...ChannelFields,
  ...VersionedFields,
});
export type OrderRecord = Static<typeof OrderRecord>;

/** What an order covers: one calculation, or the not yet offset calculations of a collection. */
const orderSubject = {
  calculation_id: Type.Optional(Nullable(RecordId())),
  collection_id: Type.Optional(Nullable(RecordId())),
};

/** `POST /api/orders`: a draft, priced by the server. */
export const CreateOrderRequest = Type.Object({
  project_id: RecordId(),
  ...orderSubject,
  issued_to: Type.Optional(Type.String({ maxLength: 300 })),
});
export type CreateOrderRequest = Static<typeof CreateOrderRequest>;

/** `PUT /api/orders/:id`: only a draft's `issued_to` changes (status changes are transitions). */
export const UpdateOrderRequest = Type.Object({
  issued_to: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
});

export type UpdateOrderRequest = Static<typeof UpdateOrderRequest>;

/** The optional body of `POST /api/orders/:id/complete`: the registry serial numbers of the units retired. */
export const CompleteOrderRequest = Type.Object(
  { registry_serials: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
export type CompleteOrderRequest = Static<typeof CompleteOrderRequest>;

/** `GET /api/orders/quote?project_id=&calculation_id=|collection_id=`: the order to review. */
export const OrderQuoteQuery = Type.Object({
  project_id: RecordId(),
  calculation_id: Type.Optional(RecordId()),
  collection_id: Type.Optional(RecordId()),
});
export type OrderQuoteQuery = Static<typeof OrderQuoteQuery>;

/** The answer to `GET /api/orders/quote`: what the order would cost. */
export const OrderQuote = Type.Object({
  calculation_ids: Type.Array(Type.Integer()),
  co2e_kg: Type.Number(),
  tonnes_kg: Type.Number(),
  rounding_kg: Type.Number(),
  ...orderPrice,
  issued_to: Type.String(),
});
export type OrderQuote = Static<typeof OrderQuote>;
