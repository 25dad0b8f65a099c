/** The offset catalogue's screens as lazily loaded routes for App.tsx's CustomRoutes. */
import { Suspense, type ComponentType, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';
import { RoleGate } from '../providers/RoleGate';

const ProjectCatalogPage = lazyPage(() => import('./ProjectCatalogPage'));
const ProjectShowPage = lazyPage(() => import('./ProjectShowPage'));
const ProjectCreatePage = lazyPage(() => import('./ProjectCreatePage'));
const ProjectEditPage = lazyPage(() => import('./ProjectEditPage'));

const page = (Page: ComponentType) => <Suspense fallback={<RouteLoading />}><Page /></Suspense>;
/** The catalogue is kept by provider admins. */
const providerPage = (Page: ComponentType) => <RoleGate action="update" resource="carbon-offset-projects">{page(Page)}</RoleGate>;

/** Spread into `<CustomRoutes>`: `{offsetProjectRoutes}`. */
export const offsetProjectRoutes: ReactElement[] = [
  <Route key="offset-projects" path="/carbon-offset-projects" element={page(ProjectCatalogPage)} />,
  <Route key="offset-project-create" path="/carbon-offset-projects/create" element={providerPage(ProjectCreatePage)} />,
  <Route key="offset-project" path="/carbon-offset-projects/:id" element={page(ProjectShowPage)} />,
  <Route key="offset-project-edit" path="/carbon-offset-projects/:id/edit" element={providerPage(ProjectEditPage)} />,
];
