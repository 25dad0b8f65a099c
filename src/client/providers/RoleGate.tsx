/**
 * A page only some roles may use (a create or edit form reached by its URL): others are told so at once, instead of
 * filling in a form the server would refuse on save. The server enforces the same roles.
 */
import { Alert } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
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

/**
 * A resource definition (react-admin's list/create/edit views) whose views only some roles may open: the others are
 * told so at once on every route of it, instead of meeting "not found" for a screen that exists.
 */
export function gatedResource<T extends { list?: ComponentType; create?: ComponentType; edit?: ComponentType }>(
  definition: T,
  allow: (role: Role | null) => boolean,
): T {
  const gate = (View: ComponentType | undefined) => {
    if (!View) return undefined;
    const Gated = () => (
      <RoleGate allow={allow}>
        <View />
      </RoleGate>
    );
    return Gated;
  };
  return { ...definition, list: gate(definition.list), create: gate(definition.create), edit: gate(definition.edit) };
}

export const providerAdmins = (role: Role | null) => role === 'provider_admin';
export const admins = (role: Role | null) => role === 'provider_admin' || role === 'mandant_admin';
