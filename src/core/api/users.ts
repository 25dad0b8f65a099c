/** Users, their roles, and the errors every route answers with. */
import type { Static } from 'typebox';
import { LANGUAGES } from '../languages';
import { Nullable, OptionalFields, StringEnum, Type, VersionedFields } from './schema';

import { ROLES } from './vocabulary';

export { MIN_PASSWORD_LENGTH, ROLES, type Role } from './vocabulary';

/** What a user and an invitation to become one share, as the API returns them. */
export const AccountFields = {
  /** null only for provider admins, who belong to no mandant. */
  mandant_id: Nullable(Type.Integer()),
  email: Type.String(),
  name: Type.String(),
  role: StringEnum(ROLES),
  language: StringEnum(LANGUAGES),
};

/** A user as the API returns it: never the password hash. */
export const UserRecord = Type.Object({
  id: Type.Integer(),
  ...AccountFields,
  active: Type.Boolean(),
  ...VersionedFields,
});
export type UserRecord = Static<typeof UserRecord>;

/** What an admin may write of an account (a user's change, an invitation). */
export const AccountRequestFields = {
  email: Type.String({ format: 'email', maxLength: 320 }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  role: StringEnum(ROLES),
  language: StringEnum(LANGUAGES),
  mandant_id: Nullable(Type.Integer()),
};

/**
 * `PUT /api/users/:id`. Users are not created through `POST /api/users` (admins invite them), and passwords are the
 * owner's: `password` is accepted only to answer that a non-empty one is not allowed.
 */
export const UpdateUserRequest = Type.Object(
  OptionalFields({
    ...AccountRequestFields,
    active: Type.Boolean(),
    password: Type.String({ maxLength: 1000 }),
  }),
);

/**
 * Every error the API answers with (400, 401, 403, 404, 409, 413, 429); the routes name it by its `$id`
 * (server/http/errors.ts `errorAnswers`).
 */
export const ApiErrorBody = Type.Object(
  {
    message: Type.String(),
    /** Field name → message, for errors a form can show beside its inputs. */
    errors: Type.Optional(
      Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } }),
    ),
  },
  { $id: 'ApiError' },
);
export type ApiErrorBody = Static<typeof ApiErrorBody>;
