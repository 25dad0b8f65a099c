/** The global unit catalogue. */
import type { Static } from 'typebox';
import { UNIT_KEY_PATTERN } from '../template/units';
import { Localized, LocalizedInput, Nullable, OptionalFields, Type, VersionedFields } from './schema';

/**
 * `GET /api/units`: one word unit of the global unit catalogue (`core/template/units.ts` displays them). Everyone
 * signed in reads the catalogue; provider admins keep it. Built-in units (seeded by migration 0021; shipped templates
 * use them) cannot be deleted or renamed.
 */
export const UnitRecord = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  label: Localized(),
  singular: Nullable(Localized()),
  builtin: Type.Boolean(),
  ...VersionedFields,
});
export type UnitRecord = Static<typeof UnitRecord>;

const unitText = LocalizedInput({ minLength: 1, maxLength: 40, pattern: '\\S' });
const unitFields = {
  key: Type.String({ pattern: UNIT_KEY_PATTERN.source }),
  label: unitText,
  singular: Type.Optional(Nullable(unitText)),
};

/** `POST /api/units` (provider admins). */
export const CreateUnitRequest = Type.Object(unitFields);
export type CreateUnitRequest = Static<typeof CreateUnitRequest>;

/** `PUT /api/units/:id`. */
export const UpdateUnitRequest = Type.Object(OptionalFields(unitFields));
export type UpdateUnitRequest = Static<typeof UpdateUnitRequest>;
