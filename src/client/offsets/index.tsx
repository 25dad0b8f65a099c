/**
 * The carbon offset project catalogue as a react-admin resource: `/carbon-offset-projects` (catalogue),
 * `/create`, `/{id}` (the project) and `/{id}/edit`. Provider admins keep the catalogue; everyone reads it.
 */
import ForestIcon from '@mui/icons-material/Forest';
import { Route } from 'react-router-dom';
import { RoleGate } from '../providers/RoleGate';
import { lazyPage } from '../shell/navigation/lazyPage';

const ProjectCatalogPage = lazyPage(() => import('./ProjectCatalogPage'));
const ProjectShowPage = lazyPage(() => import('./ProjectShowPage'));
const ProjectCreatePage = lazyPage(() => import('./ProjectCreatePage'));
const ProjectEditPage = lazyPage(() => import('./ProjectEditPage'));

const ProjectCreate = () => (
  <RoleGate action="update" resource="carbon-offset-projects">
    <ProjectCreatePage />
  </RoleGate>
);

export default {
  list: ProjectCatalogPage,
  create: ProjectCreate,
  icon: ForestIcon,
  options: { label: 'app.menu.carbon_offset_projects' },
  children: [
    <Route key="show" path=":id" element={<ProjectShowPage />} />,
    <Route
      key="edit"
      path=":id/edit"
      element={
        <RoleGate action="update" resource="carbon-offset-projects">
          <ProjectEditPage />
        </RoleGate>
      }
    />,
  ],
};
