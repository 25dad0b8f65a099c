/** Where an entry's record can be opened, if anywhere: its screen exists, the record still does, and the reader may open it. */
import type { ProtocolEntryRecord, Role } from '../../core/api';

const ADMINS: readonly (Role | null)[] = ['provider_admin', 'mandant_admin'];

const ROUTES: Record<string, { path: (id: string) => string; roles?: readonly (Role | null)[] }> = {
  calculations: { path: (id) => `/edit/${id}` },
  users: { path: (id) => `/users/${id}`, roles: ADMINS },
  mandants: { path: (id) => `/mandants/${id}`, roles: ['provider_admin'] },
};

export function recordPath(entry: ProtocolEntryRecord, role: Role | null): string | null {
  if (!entry.resource || !entry.record_id || entry.action === 'deleted') return null;
  const route = ROUTES[entry.resource];
  if (!route || (route.roles && !route.roles.includes(role))) return null;
  return route.path(encodeURIComponent(entry.record_id));
}
