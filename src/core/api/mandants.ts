/** Mandants (tenants) and their settings. */
import type { Static } from 'typebox';
import { HexColour, Nullable, Opaque, OptionalFields, Type, VersionedFields } from './schema';

/** A mandant's settings; properties not named here are kept as sent. */
export const MandantSettings = Type.Object(
  OptionalFields({
    provider_name: Type.String({ maxLength: 200 }),
    logo_url: Type.String({ maxLength: 2000 }),
    primary_color: HexColour(),
    certificate_name: Type.String({ maxLength: 200 }),
    /** Offsets are ordered in whole steps of this many tonnes (e.g. 0.1 or 1). */
    offset_rounding_t: Type.Number({ exclusiveMinimum: 0 }),
    default_database_id: Nullable(Type.Integer()),
  }),
  { additionalProperties: true },
);
export type MandantSettings = Static<typeof MandantSettings>;

export const MandantRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  active: Type.Boolean(),
  settings: Opaque<MandantSettings>(),
  ...VersionedFields,
});
export type MandantRecord = Static<typeof MandantRecord>;

const mandantFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  slug: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 60 }),
  active: Type.Boolean(),
  settings: MandantSettings,
};

/** `POST /api/mandants` (provider admins): a new mandant, active unless said otherwise. */
export const CreateMandantRequest = Type.Object({
  name: mandantFields.name,
  slug: mandantFields.slug,
  active: Type.Optional(mandantFields.active),
  settings: Type.Optional(mandantFields.settings),
});

/** `PUT /api/mandants/:id`: slug and active only for provider admins. */
export const UpdateMandantRequest = Type.Object(OptionalFields(mandantFields));
