import StraightenIcon from '@mui/icons-material/Straighten';
import type { UnitRecord } from '../../core/api';
import { lazyPage } from '../shell/navigation/lazyPage';

// Its screens load with the first visit, not with the login page.
const UnitList = lazyPage(() => import('./UnitPages').then((m) => ({ default: m.UnitList })));
const UnitCreate = lazyPage(() => import('./UnitPages').then((m) => ({ default: m.UnitCreate })));
const UnitEdit = lazyPage(() => import('./UnitPages').then((m) => ({ default: m.UnitEdit })));

export default {
  list: UnitList,
  create: UnitCreate,
  edit: UnitEdit,
  icon: StraightenIcon,
  recordRepresentation: (record: UnitRecord) => record.key,
};
