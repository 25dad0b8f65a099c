import StorageIcon from '@mui/icons-material/Storage';
import type { FactorDatabaseRecord } from '../../core/api';
import { DatabaseCreate } from './DatabaseCreate';
import { DatabaseEdit } from './DatabaseEdit';
import { DatabaseList } from './DatabaseList';

export default {
  list: DatabaseList,
  create: DatabaseCreate,
  edit: DatabaseEdit,
  icon: StorageIcon,
  options: { label: 'databases.title' },
  recordRepresentation: (record: FactorDatabaseRecord) => `${record.name} (${record.version_label})`,
};
