/** Whether the signed-in user may change a mandant's data (calculations, collections, migrations); viewers read only. The server enforces it too. */
import { usePermissions } from 'react-admin';
import type { Role } from '../../core/api';

export function canWrite(role: Role | undefined | null): boolean {
  return role === 'provider_admin' || role === 'mandant_admin' || role === 'editor';
}

export function useCanWrite(): boolean {
  const { permissions } = usePermissions<Role>();
  return canWrite(permissions);
}
