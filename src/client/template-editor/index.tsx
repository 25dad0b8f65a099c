/**
 * Templates as a react-admin resource for their authors: `/templates` (list), `/templates/new` and `/templates/{id}`
 * (the editor), each its own chunk (route-level React.lazy); provider admins only (others see "not allowed").
 */
import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';

const TemplateListPage = lazyPage(() => import('./TemplateListPage'));
const TemplateEditorPage = lazyPage(() => import('./TemplateEditorPage'));

const ProviderAdminOnly = ({ children }: { children: ReactNode }) => {
  const { canAccess, isPending } = useCanAccess({ action: 'update', resource: 'templates' });
  const translate = useTranslate();
  if (isPending) return <RouteLoading />;
  if (!canAccess)
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {translate('templateEditor.forbidden')}
      </Alert>
    );
  return children;
};

const TemplateList = () => (
  <ProviderAdminOnly>
    <TemplateListPage />
  </ProviderAdminOnly>
);
const TemplateEdit = () => (
  <ProviderAdminOnly>
    <TemplateEditorPage key="edit" />
  </ProviderAdminOnly>
);

export default {
  list: TemplateList,
  edit: TemplateEdit,
  icon: DashboardCustomizeIcon,
  options: { label: 'templateEditor.menu' },
  children: [
    <Route
      key="new"
      path="new"
      element={
        <ProviderAdminOnly>
          <TemplateEditorPage />
        </ProviderAdminOnly>
      }
    />,
  ],
};
