/** Signing in, the session, the own profile and personal API tokens (`/api/auth/…`). */
import type { Static } from 'typebox';
import { LANGUAGES } from '../languages';
import { Nullable, OptionalFields, StringEnum, Type } from './schema';
import { AccountFields } from './users';

/** The signed-in user as `/api/auth/me` and the login answer describe it. */
export const SessionUser = Type.Object({
  id: Type.Integer(),
  email: AccountFields.email,
  name: AccountFields.name,
  role: AccountFields.role,
  language: AccountFields.language,
  mandant_id: AccountFields.mandant_id,
  mandant_name: Nullable(Type.String()),
});
export type SessionUser = Static<typeof SessionUser>;

/** A password as any form sends it; its minimum length (MIN_PASSWORD_LENGTH) is checked with a message of its own. */
const Password = () => Type.String({ maxLength: 1000 });
const Email = () => Type.String({ maxLength: 320 });

/** `POST /api/auth/login`. */
export const LoginRequest = Type.Object({ email: Email(), password: Password() });
export type LoginRequest = Static<typeof LoginRequest>;

export const LoginResponse = Type.Object({
  token: Type.String(),
  /** ISO timestamp when the session ends unless renewed. */
  expires_at: Type.String(),
  user: SessionUser,
});
export type LoginResponse = Static<typeof LoginResponse>;

/** `POST /api/auth/forgot-password`. */
export const ForgotPasswordRequest = Type.Object({ email: Email() });

/**
 * A mailed link's token with the password its owner chooses: `POST /api/auth/reset-password` (a new password) and
 * `POST /api/auth/accept-invitation` (the new account's).
 */
export const LinkPasswordRequest = Type.Object({ token: Type.String({ maxLength: 200 }), password: Password() });

/**
 * `PUT /api/auth/me`: changing the password requires the current one, and ends every other session and every other
 * API token of the user — unless `keep_api_tokens`, which keeps the API tokens (integrations go on running).
 */
export const UpdateMeRequest = Type.Object(
  OptionalFields({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    language: StringEnum(LANGUAGES),
    current_password: Password(),
    new_password: Password(),
    keep_api_tokens: Type.Boolean(),
  }),
);
export type UpdateMeRequest = Static<typeof UpdateMeRequest>;

const apiTokenFields = {
  id: Type.Integer(),
  name: Type.String(),
  /** ISO 8601 UTC. */
  created_at: Type.String(),
  expires_at: Type.String(),
  last_used_at: Nullable(Type.String()),
};

/** A personal API token as `GET /api/auth/tokens` lists it (the secret itself is shown only once, on creation). */
export const ApiTokenRecord = Type.Object(apiTokenFields);
export type ApiTokenRecord = Static<typeof ApiTokenRecord>;

export const API_TOKEN_MAX_DAYS = 365;

/** `POST /api/auth/tokens`: a name and a lifetime in days (1 … API_TOKEN_MAX_DAYS). */
export const CreateApiTokenRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    expires_in_days: Type.Integer({ minimum: 1, maximum: API_TOKEN_MAX_DAYS }),
  },
  { additionalProperties: false },
);
export type CreateApiTokenRequest = Static<typeof CreateApiTokenRequest>;

/** The answer to `POST /api/auth/tokens`: the record plus the token, which is never shown again. */
export const CreatedApiToken = Type.Object({ ...apiTokenFields, token: Type.String() });
export type CreatedApiToken = Static<typeof CreatedApiToken>;

/** Personal API tokens start with this, so the server tells them from session tokens without a lookup. */
export const API_TOKEN_PREFIX = 'kontor_pat_';
