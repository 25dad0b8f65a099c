/**
 * Records and payloads that cross the HTTP boundary. Defined once here and used by the
 * server (route schemas, queries) and the client (data provider, screens).
 */
import type { Language } from './languages';

export const ROLES = ['provider_admin', 'mandant_admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** A user as the API returns it: never the password hash. */
export interface UserRecord {
  id: number;
  /** null only for provider admins, who belong to no mandant. */
  mandant_id: number | null;
  email: string;
  name: string;
  role: Role;
  language: Language;
  active: boolean;
  created_at: string;
  updated_at: string;
  /** Optimistic-locking counter: a PUT with a stale version answers 409. */
  version: number;
}

export interface MandantSettings {
  provider_name?: string;
  logo_url?: string;
  primary_color?: string;
  certificate_name?: string;
  /** Offsets are ordered in whole steps of this many tonnes (e.g. 0.1 or 1). */
  offset_rounding_t?: number;
  default_database_id?: number | null;
}

export interface MandantRecord {
  id: number;
  name: string;
  slug: string;
  active: boolean;
  settings: MandantSettings;
  created_at: string;
  updated_at: string;
  version: number;
}

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

/** Every error the API answers with (400, 401, 403, 404, 409, 413, 429). */
export interface ApiErrorBody {
  message: string;
  /** Field name → message, for errors a form can show beside its inputs. */
  errors?: Record<string, string>;
}

export const MIN_PASSWORD_LENGTH = 10;
