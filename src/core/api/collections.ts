/** Collections: a mandant's named sets of calculations, with totals computed by the server. */
import type { Static } from 'typebox';
import { MandantRecordHead, Nullable, RecordId, TagsInput, Type, UserRef, VersionedFields } from './schema';

/** A collection as `GET /api/collections` answers it. Totals are in kg CO2e, summed by the database. */
export const CollectionRecord = Type.Object({
  ...MandantRecordHead,
  name: Type.String(),
  description: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  created_by: UserRef(),
  ...VersionedFields,
  /** The calculations in the collection, in the order they were added. */
  calculation_ids: Type.Array(Type.Integer()),
  calculation_count: Type.Integer(),
  total_co2e: Type.Number(),
  /** Sum over the calculations already ordered (frozen). */
  ordered_co2e: Type.Number(),
  /** Sum over the calculations not yet offset (total − ordered). */
  open_co2e: Type.Number(),
});
export type CollectionRecord = Static<typeof CollectionRecord>;

/**
 * Body of `POST /api/collections` and `PUT /api/collections/:id`. A duplicate is a POST with `duplicated_from` (a
 * visible collection): it copies name (+ " (copy)"), description, tags and calculations unless the body gives them.
 */
export const CollectionWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  tags: Type.Optional(TagsInput()),
  calculation_ids: Type.Optional(Type.Array(RecordId(), { maxItems: 1000 })),
  duplicated_from: Type.Optional(Nullable(RecordId())),
  /** Provider admins only: the mandant the collection belongs to. */
  mandant_id: Type.Optional(Nullable(RecordId())),
});
export type CollectionWrite = Static<typeof CollectionWrite>;

/** `POST|DELETE /api/collections/:id/calculations`: the calculations to add or remove. */
export const CollectionMembershipRequest = Type.Object(
  { ids: Type.Array(RecordId(), { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);

/** Compare (`/compare?ids=…`): between two and four calculations side by side. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
