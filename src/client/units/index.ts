import StraightenIcon from '@mui/icons-material/Straighten';
import type { UnitRecord } from '../../core/api';
import { lazyResource } from '../shell/navigation/lazyPage';

const pages = () => import('./UnitPages');

export default lazyResource(
  {
    list: () => pages().then((m) => m.UnitList),
    create: () => pages().then((m) => m.UnitCreate),
    edit: () => pages().then((m) => m.UnitEdit),
  },
  { icon: StraightenIcon, recordRepresentation: (record: UnitRecord) => record.key },
);
