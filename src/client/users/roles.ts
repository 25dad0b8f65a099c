import { ROLES, type Role } from '../../core/api';

/** Roles a signed-in user may hand out: mandant admins cannot create provider admins. */
export function assignableRoles(own: Role | null | undefined): readonly Role[] {
  return own === 'provider_admin' ? ROLES : ROLES.filter((role) => role !== 'provider_admin');
}

export const roleChoices = (roles: readonly Role[]) => roles.map((id) => ({ id, name: `app.roles.${id}` }));
