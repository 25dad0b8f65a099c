import type { Role } from '../../core/api';
import { keyedChoices } from '../i18n/choices';

export const roleChoices = (roles: readonly Role[]) => keyedChoices(roles, 'app.roles');
