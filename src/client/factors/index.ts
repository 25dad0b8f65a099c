import StorageIcon from '@mui/icons-material/Storage';
import type { FactorDatabaseRecord } from '../../core/api';
import { lazyResource } from '../shell/navigation/lazyPage';

export default lazyResource(
  {
    list: () => import('./DatabaseList').then((m) => m.DatabaseList),
    create: () => import('./DatabaseCreate').then((m) => m.DatabaseCreate),
    edit: () => import('./DatabaseEdit').then((m) => m.DatabaseEdit),
  },
  {
    icon: StorageIcon,
    options: { label: 'databases.title' },
    recordRepresentation: (record: FactorDatabaseRecord) => `${record.name} (${record.version_label})`,
  },
);
