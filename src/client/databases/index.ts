import StorageIcon from '@mui/icons-material/Storage';
import type { FactorDatabaseRecord } from '../../core/api';
import { lazyPage } from '../shell/navigation/lazyPage';

// Its screens load with the first visit (react-admin's layout shows its loader meanwhile), not with the login page.
const DatabaseCreate = lazyPage(() => import('./DatabaseCreate').then((m) => ({ default: m.DatabaseCreate })));
const DatabaseEdit = lazyPage(() => import('./DatabaseEdit').then((m) => ({ default: m.DatabaseEdit })));
const DatabaseList = lazyPage(() => import('./DatabaseList').then((m) => ({ default: m.DatabaseList })));

export default {
  list: DatabaseList,
  create: DatabaseCreate,
  edit: DatabaseEdit,
  icon: StorageIcon,
  options: { label: 'databases.title' },
  recordRepresentation: (record: FactorDatabaseRecord) => `${record.name} (${record.version_label})`,
};
