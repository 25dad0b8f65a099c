import StraightenIcon from '@mui/icons-material/Straighten';
import type { UnitRecord } from '../../core/api';
import { lazyView } from '../shell/navigation/lazyPage';

// Its screens load with the first visit, not with the login page.
const UnitList = lazyView(() => import('./UnitPages'), 'UnitList');
const UnitCreate = lazyView(() => import('./UnitPages'), 'UnitCreate');
const UnitEdit = lazyView(() => import('./UnitPages'), 'UnitEdit');

export default {
  list: UnitList,
  create: UnitCreate,
  edit: UnitEdit,
  icon: StraightenIcon,
  recordRepresentation: (record: UnitRecord) => record.key,
};
