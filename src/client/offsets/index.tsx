/**
 * The carbon offset project catalogue as a react-admin resource: `/carbon-offset-projects` (catalogue),
 * `/create`, `/{id}` (the project) and `/{id}/edit`. Provider admins keep the catalogue; everyone reads it.
 */
import ForestIcon from '@mui/icons-material/Forest';
import { readWriteScreens } from '../providers/RoleGate';
import { lazyPage } from '../shell/navigation/lazyPage';

export default {
  ...readWriteScreens('carbon-offset-projects', {
    list: lazyPage(() => import('./ProjectCatalogPage')),
    create: lazyPage(() => import('./ProjectCreatePage')),
    show: lazyPage(() => import('./ProjectShowPage')),
    edit: lazyPage(() => import('./ProjectEditPage')),
  }),
  icon: ForestIcon,
  options: { label: 'app.menu.carbon_offset_projects' },
};
