/** Where an entry's record can be opened, if anywhere: its screen exists, the record still does, and the reader may open it. */
import type { ProtocolEntryRecord, Role } from '../../core/api';
import { can, type Action, type Resource } from '../../core/access/policy';

/** Each screen with the access its gate asks for (see App.tsx). */
const ROUTES: Record<string, { path: (id: string) => string; action: Action; resource: Resource }> = {
  calculations: { path: (id) => `/edit/${id}`, action: 'read', resource: 'calculations' },
  users: { path: (id) => `/users/${id}`, action: 'list', resource: 'users' },
  mandants: { path: (id) => `/mandants/${id}`, action: 'create', resource: 'mandants' },
};

export function recordPath(entry: ProtocolEntryRecord, role: Role | null): string | null {
  if (!entry.resource || !entry.record_id || entry.action === 'deleted') return null;
  const route = Object.hasOwn(ROUTES, entry.resource) ? ROUTES[entry.resource] : undefined;
  if (!route || !can(role, route.action, route.resource)) return null;
  return route.path(encodeURIComponent(entry.record_id));
}
