/** Users, their roles, and the errors every route answers with. */
import type { Language } from '../languages';

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

/** Every error the API answers with (400, 401, 403, 404, 409, 413, 429). */
export interface ApiErrorBody {
  message: string;
  /** Field name → message, for errors a form can show beside its inputs. */
  errors?: Record<string, string>;
}

export const MIN_PASSWORD_LENGTH = 10;
