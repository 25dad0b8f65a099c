/**
 * A page only some roles may use (a create or edit form reached by its URL): others are told so at once, instead of
 * filling in a form the server would refuse on save. The server enforces the same roles.
 */
import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../core/api';

export const RoleGate = ({ allow, children }: { allow: (role: Role | null) => boolean; children: ReactNode }) => {
  const { permissions, isPending } = usePermissions<Role | null>();
  const translate = useTranslate();
  if (isPending) return null;
  if (!allow(permissions ?? null)) {
    return (
      <Alert severity="warning" sx={{ m: 2 }} data-testid="not-allowed">
        {translate('ra.notification.not_authorized')}
      </Alert>
    );
  }
  return <>{children}</>;
};

export const providerAdmins = (role: Role | null) => role === 'provider_admin';
export const admins = (role: Role | null) => role === 'provider_admin' || role === 'mandant_admin';
