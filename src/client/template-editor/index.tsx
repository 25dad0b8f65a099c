/**
 * The Templates screen and the template editor as routes of their own chunk (route-level React.lazy):
 * `{templateEditorRoutes}` in `<CustomRoutes>`; provider admins only (others see "not allowed").
 */
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
  if (!canAccess) return <Alert severity="warning" sx={{ m: 2 }}>{translate('templateEditor.forbidden')}</Alert>;
  return children;
};

export const templateEditorRoutes = [
  <Route key="templates" path="/templates" element={<ProviderAdminOnly><TemplateListPage /></ProviderAdminOnly>} />,
  <Route key="templates-new" path="/templates/new" element={<ProviderAdminOnly><TemplateEditorPage /></ProviderAdminOnly>} />,
  <Route key="templates-edit" path="/templates/:id" element={<ProviderAdminOnly><TemplateEditorPage key="edit" /></ProviderAdminOnly>} />,
];
