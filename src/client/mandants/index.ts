import BusinessIcon from '@mui/icons-material/Business';
import type { MandantRecord } from '../../core/api';
import { lazyResource } from '../shell/navigation/lazyPage';

export default lazyResource(
  {
    list: () => import('./MandantList').then((m) => m.MandantList),
    create: () => import('./MandantCreate').then((m) => m.MandantCreate),
    edit: () => import('./MandantEdit').then((m) => m.MandantEdit),
  },
  { icon: BusinessIcon, recordRepresentation: (record: MandantRecord) => record.name },
);
