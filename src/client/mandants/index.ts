import BusinessIcon from '@mui/icons-material/Business';
import type { MandantRecord } from '../../core/api';
import { lazyView } from '../shell/navigation/lazyPage';

// Its screens load with the first visit (react-admin's layout shows its loader meanwhile), not with the login page.
const MandantList = lazyView(() => import('./MandantList'), 'MandantList');
const MandantCreate = lazyView(() => import('./MandantCreate'), 'MandantCreate');
const MandantEdit = lazyView(() => import('./MandantEdit'), 'MandantEdit');

export default {
  list: MandantList,
  create: MandantCreate,
  edit: MandantEdit,
  icon: BusinessIcon,
  recordRepresentation: (record: MandantRecord) => record.name,
};
