import StraightenIcon from '@mui/icons-material/Straighten';
import type { UnitRecord } from '../../core/api';
import { UnitCreate, UnitEdit, UnitList } from './UnitPages';

export default {
  list: UnitList,
  create: UnitCreate,
  edit: UnitEdit,
  icon: StraightenIcon,
  recordRepresentation: (record: UnitRecord) => record.key,
};
