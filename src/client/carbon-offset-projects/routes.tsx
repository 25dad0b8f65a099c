/** The offset catalogue's screens as lazily loaded routes for App.tsx's CustomRoutes. */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RoleGate } from '../providers/RoleGate';

const ProjectCatalogPage = lazyPage(() => import('./ProjectCatalogPage'));
const ProjectShowPage = lazyPage(() => import('./ProjectShowPage'));
const ProjectCreatePage = lazyPage(() => import('./ProjectCreatePage'));
const ProjectEditPage = lazyPage(() => import('./ProjectEditPage'));

/** The catalogue is kept by provider admins. */
const providerPage = (page: ReactElement) => <RoleGate action="update" resource="carbon-offset-projects">{page}</RoleGate>;

/** Spread into `<CustomRoutes>`: `{offsetProjectRoutes}`. */
export const offsetProjectRoutes: ReactElement[] = [
  <Route key="offset-projects" path="/carbon-offset-projects" element={<ProjectCatalogPage />} />,
  <Route key="offset-project-create" path="/carbon-offset-projects/create" element={providerPage(<ProjectCreatePage />)} />,
  <Route key="offset-project" path="/carbon-offset-projects/:id" element={<ProjectShowPage />} />,
  <Route key="offset-project-edit" path="/carbon-offset-projects/:id/edit" element={providerPage(<ProjectEditPage />)} />,
];
