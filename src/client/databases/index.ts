import StorageIcon from '@mui/icons-material/Storage';
import type { FactorDatabaseRecord } from '../../core/api';
import { lazyView } from '../shell/navigation/lazyPage';

// Its screens load with the first visit (react-admin's layout shows its loader meanwhile), not with the login page.
const DatabaseCreate = lazyView(() => import('./DatabaseCreate'), 'DatabaseCreate');
const DatabaseEdit = lazyView(() => import('./DatabaseEdit'), 'DatabaseEdit');
const DatabaseList = lazyView(() => import('./DatabaseList'), 'DatabaseList');

export default {
  list: DatabaseList,
  create: DatabaseCreate,
  edit: DatabaseEdit,
  icon: StorageIcon,
  options: { label: 'databases.title' },
  recordRepresentation: (record: FactorDatabaseRecord) => `${record.name} (${record.version_label})`,
};
