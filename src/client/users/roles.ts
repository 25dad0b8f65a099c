import type { Role } from '../../core/api';

export const roleChoices = (roles: readonly Role[]) => roles.map((id) => ({ id, name: `app.roles.${id}` }));
