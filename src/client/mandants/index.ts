import BusinessIcon from '@mui/icons-material/Business';
import type { MandantRecord } from '../../core/api';
import { lazyPage } from '../shell/navigation/lazyPage';

// Its screens load with the first visit (react-admin's layout shows its loader meanwhile), not with the login page.
const MandantList = lazyPage(() => import('./MandantList').then((m) => ({ default: m.MandantList })));
const MandantCreate = lazyPage(() => import('./MandantCreate').then((m) => ({ default: m.MandantCreate })));
const MandantEdit = lazyPage(() => import('./MandantEdit').then((m) => ({ default: m.MandantEdit })));

export default {
  list: MandantList,
  create: MandantCreate,
  edit: MandantEdit,
  icon: BusinessIcon,
  recordRepresentation: (record: MandantRecord) => record.name,
};
