/** Signing in, the session, the own profile and personal API tokens (`/api/auth/…`). */
import type { Language } from '../languages';
import type { Role } from './users';

/** The signed-in user as `/api/auth/me` and the login answer describe it. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  language: Language;
  mandant_id: number | null;
  mandant_name: string | null;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  /** ISO timestamp when the session ends unless renewed. */
  expires_at: string;
  user: SessionUser;
}

export interface UpdateMeRequest {
  name?: string;
  language?: Language;
  /** Changing the password requires the current one. */
  current_password?: string;
  new_password?: string;
}

/** A personal API token as `GET /api/auth/tokens` lists it (the secret itself is shown only once, on creation). */
export interface ApiTokenRecord {
  id: number;
  name: string;
  /** ISO 8601 UTC. */
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
}

/** `POST /api/auth/tokens`: a name and a lifetime in days (1 … API_TOKEN_MAX_DAYS). */
export interface CreateApiTokenRequest {
  name: string;
  expires_in_days: number;
}

/** The answer to `POST /api/auth/tokens`: the record plus the token, which is never shown again. */
export interface CreatedApiToken extends ApiTokenRecord {
  token: string;
}

export const API_TOKEN_MAX_DAYS = 365;
/** Personal API tokens start with this, so the server tells them from session tokens without a lookup. */
export const API_TOKEN_PREFIX = 'kontor_pat_';
