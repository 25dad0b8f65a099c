/**
 * Carbon offset projects (the global catalogue). Quantities are integer kilograms (0.001 t) and money is integer
 * minor units, so stock and prices are exact; the client formats them.
 */
import type { Static } from 'typebox';
import {
  Localized,
  LocalizedInput,
  MAX_INT32,
  Nullable,
  OptionalFields,
  StringEnum,
  Type,
  VersionedFields,
} from './schema';

export const OFFSET_PROJECT_TYPES = ['cookstoves', 'wind', 'hydro', 'solar', 'forest', 'biogas', 'other'] as const;
export type OffsetProjectType = (typeof OFFSET_PROJECT_TYPES)[number];

/** A project of the global catalogue (`carbon-offset-projects`). Mandant users see active ones only. */
export const OffsetProjectRecord = Type.Object({
  id: Type.Integer(),
  name: Localized(),
  description: Localized(),
  /** ISO 3166-1 alpha-2. */
  country: Type.String(),
  project_type: StringEnum(OFFSET_PROJECT_TYPES),
  /** e.g. "Gold Standard", "VCS". */
  standard: Type.String(),
  registry_id: Type.String(),
  registry_url: Nullable(Type.String()),
  vintage: Type.Integer(),
  price_per_tonne_minor: Type.Integer(),
  /** ISO 4217, e.g. EUR. */
  currency: Type.String(),
  /** Stock in kg CO2e (1000 = one tonne). */
  tonnes_available_kg: Type.Integer(),
  /** UN Sustainable Development Goals (1–17). */
  sdgs: Type.Array(Type.Integer()),
  /** Null: the client shows a local placeholder for the project type. */
  image_url: Nullable(Type.String()),
  active: Type.Boolean(),
  ...VersionedFields,
});
export type OffsetProjectRecord = Static<typeof OffsetProjectRecord>;

// In the order Ajv reports their errors.
const offsetProjectFields = {
  name: LocalizedInput({ minLength: 1, maxLength: 5000 }),
  description: LocalizedInput({ minLength: 0, maxLength: 5000 }),
  country: Type.String({ pattern: '^[A-Z]{2}$' }),
  project_type: StringEnum(OFFSET_PROJECT_TYPES),
  standard: Type.String({ minLength: 1, maxLength: 200 }),
  registry_id: Type.Optional(Type.String({ maxLength: 200 })),
  registry_url: Type.Optional(Nullable(Type.String({ maxLength: 2000, pattern: '^https?://' }))),
  vintage: Type.Integer({ minimum: 1990, maximum: 2100 }),
  price_per_tonne_minor: Type.Integer({ minimum: 1, maximum: MAX_INT32 }),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  // Up to 10^12 kg: exact in a double and in a bigint column.
  tonnes_available_kg: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 })),
  sdgs: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 17 }), { maxItems: 17, uniqueItems: true })),
  // Images are served by Kontor itself (no third-party hosts): a path on this origin, or none.
  image_url: Type.Optional(Nullable(Type.String({ maxLength: 2000, pattern: '^/[^/]' }))),
  active: Type.Optional(Type.Boolean()),
};

/** `POST /api/carbon-offset-projects` (provider admins). */
export const CreateOffsetProjectRequest = Type.Object(offsetProjectFields);
export type CreateOffsetProjectRequest = Static<typeof CreateOffsetProjectRequest>;

/** `PUT /api/carbon-offset-projects/:id`. */
export const UpdateOffsetProjectRequest = Type.Object(OptionalFields(offsetProjectFields));
export type UpdateOffsetProjectRequest = Static<typeof UpdateOffsetProjectRequest>;
