import BusinessIcon from '@mui/icons-material/Business';
import type { MandantRecord } from '../../core/api';
import { MandantList } from './MandantList';
import { MandantCreate } from './MandantCreate';
import { MandantEdit } from './MandantEdit';

export default {
  list: MandantList,
  create: MandantCreate,
  edit: MandantEdit,
  icon: BusinessIcon,
  recordRepresentation: (record: MandantRecord) => record.name,
};
