/**
 * A page only some roles may use (a create or edit form reached by its URL): others are told so at once, instead of
 * filling in a form the server would refuse on save. Who may is the access policy's (`core/access/policy.ts`), asked
 * through react-admin's `useCanAccess`, so the server and this gate read the same rule.
 */
import { Alert } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { useCanAccess, usePermissions, useTranslate } from 'react-admin';
import { can, type Action, type Resource, type Role } from '../../core/access/policy';

export interface Access {
  action: Action;
  resource: Resource;
}

export const RoleGate = ({ action, resource, children }: Access & { children: ReactNode }) => {
  const { canAccess, isPending } = useCanAccess({ action, resource });
  const translate = useTranslate();
  if (isPending) return null;
  if (!canAccess) {
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
 * told so at once on every route of it, instead of meeting "not found" (or react-admin's access-denied page) for a
 * screen that exists.
 */
export function gatedResource<T extends { list?: ComponentType; create?: ComponentType; edit?: ComponentType }>(
  definition: T,
  access: Access,
): T {
  const gate = (View: ComponentType | undefined) => {
    if (!View) return undefined;
    const Gated = () => (
      <RoleGate {...access}>
        <View />
      </RoleGate>
    );
    return Gated;
  };
  return { ...definition, list: gate(definition.list), create: gate(definition.create), edit: gate(definition.edit) };
}

/**
 * The screens of a resource everyone reads and writers keep: the list, `/create`, `/{id}` (the record) and
 * `/{id}/edit`, the two writing ones behind the policy's `update` on `resource`.
 */
export function readWriteScreens(
  resource: Resource,
  pages: { list: ComponentType; create: ComponentType; show: ComponentType; edit: ComponentType },
) {
  const Create = () => (
    <RoleGate action="update" resource={resource}>
      <pages.create />
    </RoleGate>
  );
  return {
    list: pages.list,
    create: Create,
    children: [
      <Route key="show" path=":id" element={<pages.show />} />,
      <Route
        key="edit"
        path=":id/edit"
        element={
          <RoleGate action="update" resource={resource}>
            <pages.edit />
          </RoleGate>
        }
      />,
    ],
  };
}

/**
 * Whether the signed-in user may do `action` on `resource`, from the same policy `authProvider.canAccess` answers
 * with, but in one step with the role react-admin already holds: a screen's many buttons then appear together with
 * the screen instead of one access query after another.
 */
export function useCan(action: Action, resource: Resource): boolean {
  const { permissions } = usePermissions<Role | null>();
  return can(permissions, action, resource);
}
