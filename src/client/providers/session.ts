/**
 * The signed-in session (token + user) kept in localStorage under one app key, so a reload stays signed in.
 */
import type { SessionUser } from '../../core/api';

export const SESSION_STORAGE_KEY = 'kontor.session';

export interface StoredSession {
  token: string;
  expires_at?: string;
  user: SessionUser;
}

function isStoredSession(value: unknown): value is StoredSession {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<StoredSession>;
  return typeof v.token === 'string' && !!v.user && typeof v.user === 'object' && typeof v.user.id === 'number';
}

export function readSession(): StoredSession | null {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (isStoredSession(parsed)) return parsed;
  } catch {
    // corrupt entry: treat as signed out below
  }
  window.localStorage.removeItem(SESSION_STORAGE_KEY);
  return null;
}

export function writeSession(session: StoredSession): void {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

/** Replace the stored user (e.g. after `GET/PUT /api/auth/me`) and keep the token. */
export function updateSessionUser(user: SessionUser): void {
  const session = readSession();
  if (session) writeSession({ ...session, user });
}

export function clearSession(): void {
  window.localStorage.removeItem(SESSION_STORAGE_KEY);
}
